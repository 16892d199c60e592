# subs: build, test and install. `make install` and `make test` work on a fresh Debian/Ubuntu
# machine: they install SQLCipher's development package first when it is missing.

PREFIX ?= /usr/local
SWIFT ?= swift
SWIFT_FLAGS ?=
# The installed binary carries the Swift runtime and Foundation in itself: it starts in a few
# milliseconds instead of loading a dozen shared libraries (PRODUCT.md §12). Its own symbols
# stay private (SwiftPM exports all of them from an executable), so the loader binds the C
# libraries' functions without searching 11,000 names first. `make install` strips it: 116 MB
# with debug information, 69 MB without (PRODUCT.md §12). It finds its C libraries only where
# the system keeps them: without SwiftPM's run path `$ORIGIN`, a libsqlcipher.so.0 or
# libcrypto.so.3 left beside a copy of the binary is not loaded, and the loader stops looking in
# its directory first.
# It stays position-independent: address-space randomisation is worth more than the 3 ms its
# relocations cost (118,000 addresses written into 409 pages at each start; linked -no-pie,
# `subs --version` took 1.7 ms, not 4.8, before they were packed): a Wallos import hands a
# database from outside to SQLite 3.15.2, in a child of this binary. For the same reason the C
# functions are bound at start (`-z now`), so that the table of their addresses is made read-only
# with the rest of the relocated data instead of staying writable for lazy binding: 4.3 ms
# either way (hyperfine).
# The C++ runtime the Swift runtime needs is linked in too (libstdc++ from $(STATIC_C), with the
# C libraries, libgcc by the flag, which is harmless without it): loading libstdc++.so.6 and
# binding its 4,300 symbol references took 2 of the 6 ms of `subs --version`.
RELEASE_FLAGS ?= --static-swift-stdlib -Xlinker --no-export-dynamic --disable-local-rpath \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc -Xlinker -z -Xlinker now $(PACKED_RELOCATIONS)
# The 118,000 addresses are listed packed (DT_RELR: a bitmap of 26 KB instead of 2.8 MB of
# entries the loader reads one by one), by lld, the linker the Swift toolchain ships beside its
# clang: `subs --version` took 4.6 ms, not 5.1 (hyperfine, 500 runs; the times above are from
# other sessions and hours). Only where a program so linked runs: such a binary needs glibc 2.36
# or later, and does not start on an older system it is copied to. Elsewhere the toolchain's
# default linker lists them as before. Probed once, and only by the targets that link.
PACKED_RELOCATIONS = $(eval PACKED_RELOCATIONS := $$(shell \
	clang="$(TOOLCHAIN_CLANG)"; \
	probe="$$$$(mktemp -d 2>/dev/null)" || exit 0; \
	printf 'const char *volatile text = "ok";\nint main(void) { return text[1] != 107; }\n' > "$$$$probe/probe.c" \
	&& "$$$$clang" -fPIE -pie -fuse-ld=lld -Wl,--fatal-warnings -Wl,-z,pack-relative-relocs \
		"$$$$probe/probe.c" -o "$$$$probe/probe" 2>/dev/null \
	&& "$$$$probe/probe" 2>/dev/null && echo "-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"; \
	rm -rf "$$$$probe"))$(PACKED_RELOCATIONS)
# SQLCipher, OpenSSL and zlib go into the installed binary too, from the static archives their
# Debian -dev packages ship: loading libcrypto.so.3 and binding its symbols took 2.4 ms of every
# run, half of `subs --version` (PRODUCT.md §12). The price is the Swift runtime's: a security
# update to OpenSSL or SQLCipher reaches subs when `make install` builds it again. The release
# builds read pkg-config files of their own, in $(STATIC_C), which name only the archives; where
# an archive is missing, none is written and the shared libraries are used as before.
STATIC_C := $(CURDIR)/.build/static-c
RELEASE_BUILD = PKG_CONFIG_PATH="$(STATIC_C)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" $(SWIFT) build -c release
# The clang of the toolchain `$(SWIFT)` belongs to, found once when asked for.
TOOLCHAIN_CLANG = $(eval TOOLCHAIN_CLANG := $$(shell dirname "$$$$(readlink -f "$$$$(command -v $(SWIFT))")")/clang)$(TOOLCHAIN_CLANG)
# Root installs system packages itself; anyone else goes through sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# $(call install-command,COMMAND,PACKAGE): installs the Debian package PACKAGE when COMMAND is
# not on the PATH.
install-command = command -v $(1) >/dev/null 2>&1 || { \
	echo "Installing $(2)..."; \
	$(SUDO) apt-get update && $(SUDO) apt-get install -y $(2); }

# The completion scripts and the manual page, as `make share` generates them.
SHARE_BUILD := .build/share
# The date the manual page shows: the last commit's, else today's.
MANUAL_DATE ?= $(shell git log -1 --format=%cd --date=short 2>/dev/null | grep . || date +%Y-%m-%d)

.PHONY: all build static-c share manual-page install uninstall test bench bench-deps deps test-deps shell-deps clean

all: build

## deps: SQLCipher's headers and library (Debian's libsqlcipher-dev), OpenSSL's (libssl-dev, for
## https:// webhooks), and zlib's (zlib1g-dev, which unpacks Wallos backups),
## when missing.
deps:
	@pkg-config --exists sqlcipher 2>/dev/null || { \
		echo "Installing libsqlcipher-dev..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libsqlcipher-dev; }
	@pkg-config --exists openssl 2>/dev/null || { \
		echo "Installing libssl-dev..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libssl-dev; }
	@pkg-config --exists zlib 2>/dev/null || { \
		echo "Installing zlib1g-dev..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y zlib1g-dev; }

## test-deps: the `sqlcipher` shell, which the end-to-end tests use to open the file by hand, the
## Python iCalendar parser and RRULE expander that check `subs export --format ics`, calcurse,
## a calendar that reads it without BYSETPOS, and git, which `subs sync --git` runs.
test-deps: deps shell-deps
	@$(call install-command,git,git)
	@$(call install-command,calcurse,calcurse)
	@python3 -c "import icalendar, dateutil" 2>/dev/null || { \
		echo "Installing icalendar and python-dateutil for the calendar check..."; \
		python3 -m pip install --quiet icalendar python-dateutil \
		|| python3 -m pip install --quiet --break-system-packages icalendar python-dateutil; }

## shell-deps: the stock `sqlcipher` shell.
shell-deps:
	@$(call install-command,sqlcipher,sqlcipher)

build: deps static-c
	$(RELEASE_BUILD) --product subs $(RELEASE_FLAGS) $(SWIFT_FLAGS)

## static-c: $(STATIC_C), the pkg-config files that link SQLCipher, OpenSSL and zlib statically
## into the release binary, with links to their archives; empty when one of them is missing.
## libstdc++'s archive sits beside them, so that the -L those files give finds it before the
## shared library.
## SwiftPM relinks when its objects or flags change, not when an archive does: after a security
## update changed an archive, the release binaries are removed, so that they are linked again.
static-c: deps
	@rm -rf "$(STATIC_C)" && mkdir -p "$(STATIC_C)"
	@cd "$(STATIC_C)" && \
	for archive in sqlcipher:sqlcipher ssl:openssl crypto:openssl z:zlib; do \
		libdir="$$(pkg-config --variable=libdir $${archive#*:})" || libdir=; \
		file="$$libdir/lib$${archive%%:*}.a"; \
		[ -n "$$libdir" ] && [ -f "$$file" ] || { echo "No $$file: subs links the shared C libraries."; rm -f ./*; exit 0; }; \
		ln -s "$$file" . || exit 1; \
	done; \
	clang="$(TOOLCHAIN_CLANG)"; \
	cxx="$$("$$clang" -print-file-name=libstdc++.a 2>/dev/null)"; \
	case "$$cxx" in /*) [ -f "$$cxx" ] ;; *) false ;; esac \
		&& { ln -s "$$cxx" . || exit 1; } \
		|| echo "No libstdc++.a beside $$clang: subs links libstdc++.so.6."; \
	for package in sqlcipher:"-lsqlcipher -lcrypto -ldl -lpthread" openssl:"-lssl -lcrypto -ldl -lpthread" zlib:"-lz"; do \
		name="$${package%%:*}"; \
		printf 'Name: %s\nDescription: %s, linked statically\nVersion: %s\nCflags: %s\nLibs: -L%s %s\n' \
			"$$name" "$$name" "$$(pkg-config --modversion $$name)" "$$(pkg-config --cflags $$name)" \
			"$(STATIC_C)" "$${package#*:}" > "$$name.pc" || exit 1; \
	done; \
	archives="$$(stat -L -c "%n %s %Y" ./*.a)"; \
	if [ "$$archives" != "$$(cat ../static-c.archives 2>/dev/null)" ]; then \
		rm -f ../release/subs ../release/subs-bench ../release/generate-manual; \
		printf '%s\n' "$$archives" > ../static-c.archives; \
	fi

## share: completion scripts for bash, zsh and fish, generated by the binary just built, and the
## manual page, by argument-parser's generate-manual from the binary's description of itself
## (`subs --experimental-dump-help`); both in English whatever the locale.
share: build
	rm -rf $(SHARE_BUILD) && mkdir -p $(SHARE_BUILD)
	bin="$$($(SWIFT) build -c release --show-bin-path)" && \
	for shell in bash zsh fish; do \
		SUBS_LANG=en "$$bin/subs" --generate-completion-script $$shell > $(SHARE_BUILD)/subs.$$shell || exit 1; \
	done
	$(RELEASE_BUILD) --product generate-manual $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	printf '%s\n' "$$MANUAL_DUMP_HELP" > $(SHARE_BUILD)/dump-help && chmod +x $(SHARE_BUILD)/dump-help
	bin="$$($(SWIFT) build -c release --show-bin-path)" && \
	SUBS_BIN="$$bin/subs" "$$bin/generate-manual" $(SHARE_BUILD)/dump-help --date "$(MANUAL_DATE)" -o - \
		> $(SHARE_BUILD)/generated.1
	$(MAKE) --no-print-directory manual-page

## manual-page: subs.1 from generate-manual's page in $(SHARE_BUILD)/generated.1, which `share`
## makes: each @@uXXXX@@ back as groff's \[uXXXX], blank lines as paragraphs, and the bare
## EXIT STATUS it writes replaced by $(MANUAL_SECTIONS) (ENVIRONMENT, FILES, EXIT STATUS and
## EXAMPLES, which the help does not hold).
MANUAL_SECTIONS := docs/manual/sections.mdoc
manual-page:
	perl -pe 's/\@\@u([0-9A-F]+)\@\@/\\[u$$1]/g; s/^$$/.Pp/' $(SHARE_BUILD)/generated.1 \
	| perl -0pe 'BEGIN { open my $$f, "<", "$(MANUAL_SECTIONS)" or die "$(MANUAL_SECTIONS): $$!\n"; local $$/; $$s = <$$f> } \
		s/^\.Sh "EXIT STATUS"\n\.Ex -std\n/$$s/m or die "no EXIT STATUS section in the generated page\n"' \
		> $(SHARE_BUILD)/subs.1.new
	mv $(SHARE_BUILD)/subs.1.new $(SHARE_BUILD)/subs.1

# What generate-manual runs to read the commands: `subs` itself, with each character that is not
# ASCII written as @@uXXXX@@, since generate-manual drops them (`share` turns them into groff's
# \[uXXXX] after). Perl would read @u as an array: hence \@.
define MANUAL_DUMP_HELP
#!/bin/sh
SUBS_LANG=en "$$SUBS_BIN" "$$@" | perl -CS -pe 's/([^\x00-\x7F])/sprintf("\@\@u%04X\@\@", ord $$1)/ge'
endef
export MANUAL_DUMP_HELP

BASH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MAN1 = $(DESTDIR)$(PREFIX)/share/man/man1

install: build share
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)" "$(MAN1)"
	install -s -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/subs" "$(DESTDIR)$(PREFIX)/bin/subs"
	install -m 0644 $(SHARE_BUILD)/subs.bash "$(BASH_COMPLETIONS)/subs"
	install -m 0644 $(SHARE_BUILD)/subs.zsh "$(ZSH_COMPLETIONS)/_subs"
	install -m 0644 $(SHARE_BUILD)/subs.fish "$(FISH_COMPLETIONS)/subs.fish"
	install -m 0644 $(SHARE_BUILD)/subs.1 "$(MAN1)/subs.1"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/subs" "$(BASH_COMPLETIONS)/subs" "$(ZSH_COMPLETIONS)/_subs" \
		"$(FISH_COMPLETIONS)/subs.fish" "$(MAN1)/subs.1"

test: test-deps
	python3 Tests/layers/check_layers.py
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	python3 Tests/ics/check_ics.py "$$($(SWIFT) build --show-bin-path)/subs"
	@# A test that hangs fails the run after 15 minutes (the suite takes about 5) rather than holding CI;
	@# in the foreground, so that Ctrl-C still reaches it.
	timeout --foreground --kill-after=30 900 $(SWIFT) test --skip-build $(SWIFT_FLAGS)

## bench-deps: the peers `make bench` times subs against, Taskwarrior and hledger, and the
## `sqlcipher` shell, its floor.
bench-deps: shell-deps
	@$(call install-command,task,taskwarrior)
	@$(call install-command,hledger,hledger)

## bench: PRODUCT.md §12 and §15 (sync) measured on the release binary `make build` makes, as
## `make install` installs it, beside Taskwarrior and hledger given the same subscriptions and
## the stock sqlcipher shell as the floor (README, Speed). Not part of `make test`.
## `make bench BENCH_ARGS=--sync`: the sync figures only; `--no-sync`: the §12 figures only; `--quick`: smaller, fewer runs;
## `--keep`: leaves its directory (databases, peers' files) for a look by hand.
bench: build bench-deps
	$(RELEASE_BUILD) --product subs-bench $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/subs-bench" $(BENCH_ARGS)

clean:
	rm -rf .build
