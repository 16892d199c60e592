import Foundation

// What the `subs remind` tests of hooks share.
enum RemindHooks {
    /// Runs with no proxy, so requests to 127.0.0.1 go straight to the test's server.
    static let direct: [String: String?] = [
        "http_proxy": nil, "HTTP_PROXY": nil, "https_proxy": nil, "HTTPS_PROXY": nil,
        "all_proxy": nil, "ALL_PROXY": nil, "no_proxy": "*", "NO_PROXY": "*",
    ]

    /// The keys of the JSON object a hook receives.
    static let payloadKeys: Set<String> = ["amount", "content", "currency", "date", "days_until", "id", "kind",
                                           "name", "offset", "renewal", "term_end", "text"]

    /// A directory for hook output, and the environment that tells the hook where it is.
    static func directory(_ sandbox: Sandbox) throws -> (String, [String: String?]) {
        let directory = sandbox.path("hook")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        return (directory, ["DIR": directory])
    }

    /// The names of the files in `directory`, sorted.
    static func files(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// `NAME=value` lines of a file, as a dictionary.
    static func variables(_ path: String) -> [String: String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var variables: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return variables
    }
}
