# subs: build, test and install. `make install` and `make test` work on a fresh Debian/Ubuntu
# machine: they install SQLCipher's development package first when it is missing.

PREFIX ?= /usr/local
SWIFT ?= swift
SWIFT_FLAGS ?=
# Root installs system packages itself; anyone else goes through sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build install uninstall test bench deps test-deps clean

all: build

## deps: SQLCipher's headers and library (Debian's libsqlcipher-dev), and zlib's (zlib1g-dev,
## which ZIPFoundation unpacks Wallos backups with), when missing.
deps:
	@pkg-config --exists sqlcipher 2>/dev/null || { \
		echo "Installing libsqlcipher-dev..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libsqlcipher-dev; }
	@pkg-config --exists zlib 2>/dev/null || { \
		echo "Installing zlib1g-dev..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y zlib1g-dev; }

## test-deps: the `sqlcipher` shell, which the end-to-end tests use to open the file by hand, and
## the Python iCalendar parser and RRULE expander that check `subs export --format ics`.
test-deps: deps
	@command -v sqlcipher >/dev/null 2>&1 || { \
		echo "Installing the sqlcipher shell..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y sqlcipher; }
	@python3 -c "import icalendar, dateutil" 2>/dev/null || { \
		echo "Installing icalendar and python-dateutil for the calendar check..."; \
		python3 -m pip install --quiet icalendar python-dateutil \
		|| python3 -m pip install --quiet --break-system-packages icalendar python-dateutil; }

build: deps
	$(SWIFT) build -c release --product subs $(SWIFT_FLAGS)

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/subs" "$(DESTDIR)$(PREFIX)/bin/subs"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/subs"

test: test-deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	python3 Tests/ics/check_ics.py "$$($(SWIFT) build --show-bin-path)/subs"
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

bench: deps
	$(SWIFT) build -c release --product subs-bench $(SWIFT_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/subs-bench"

clean:
	rm -rf .build
