import Foundation

/// The binary the figures are for: the one `make install` installs (PRODUCT.md §12), which
/// carries no debug information.
struct BenchBinary {
    /// The binary timed: the build's, or a stripped copy of it when the build's carries debug
    /// information and `make install` strips what it installs.
    let path: String
    let built: String
    let builtDebugSections: [String]
    let debugSections: [String]
    /// Whether `make install` strips the binary it installs (its commands, `make -n install`,
    /// name `strip` or `install -s`); nil when there is no Makefile here to ask.
    let installStrips: Bool?

    /// Strips a copy of `built` into `directory` when it carries debug information.
    init(built: String, directory: String) throws {
        self.built = built
        builtDebugSections = try Self.debugSections(built)
        installStrips = try Self.installStrips()
        if builtDebugSections.isEmpty {
            path = built
        } else {
            // Written by strip itself: a copy made here would read 100 MB into the bench, whose
            // peak memory every process it spawns inherits in its figure (see BenchDatabase.build).
            path = "\(directory)/subs"
            _ = try ProcessTimer.run(["strip", "-o", path, built], environment: [:])
        }
        debugSections = try Self.debugSections(path)
    }

    /// Met when the binary timed has no `.debug_*` section and is what `make install` installs.
    func report(into report: inout BenchReport) throws {
        let installed = builtDebugSections.isEmpty || installStrips == true
        var detail = path == built ? "the build's binary, as installed"
            : "a stripped copy of the build's \(Self.size(built)) binary (\(builtDebugSections.count) debug sections)"
        switch installStrips {
        case true?: detail += "; make install strips"
        case false?: detail += builtDebugSections.isEmpty ? "" : "; make install does NOT strip"
        case nil: detail += "; no Makefile here to say what make install does"
        }
        report.check("installed binary: no debug information", value: "\(Self.size(path)), \(debugSections.count) .debug_*",
                     target: "no .debug_* sections", met: debugSections.isEmpty && installed, detail: detail)
    }

    /// The names of the debug sections, from `readelf -S -W`.
    static func debugSections(_ path: String) throws -> [String] {
        let table = String(decoding: try ProcessTimer.output(["readelf", "-S", "-W", path], environment: [:]), as: UTF8.self)
        return table.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix(".debug_") || $0.hasPrefix(".zdebug_") }.map(String.init)
        }
    }

    /// What `make -n install` would run (into a directory that is never written) says of strip.
    static func installStrips() throws -> Bool? {
        guard FileManager.default.fileExists(atPath: "Makefile") else { return nil }
        let commands = String(decoding: try ProcessTimer.output(
            ["make", "-n", "--no-print-directory", "install", "DESTDIR=/nonexistent-subs-bench", "PREFIX=/usr/local"],
            environment: [:]), as: UTF8.self)
        return commands.split(separator: "\n").contains { line in
            line.contains("strip") || (line.contains("/nonexistent-subs-bench/usr/local/bin/subs") && line.contains(" -s "))
        }
    }

    static func size(_ path: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}
