// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "subs",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "subs", targets: ["subs"]),
        .executable(name: "subs-bench", targets: ["subs-bench"]),
        .library(name: "SubscriptionCore", targets: ["SubscriptionCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLCipher",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        // prctl and explicit_bzero, which Swift cannot call as they must be called.
        .target(name: "CProcess"),
        .target(
            name: "SubscriptionCore",
            dependencies: [
                "CSQLCipher",
                "CProcess",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "SubsCLI",
            dependencies: [
                "SubscriptionCore",
                "COpenSSL",
                "CProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "subs",
            dependencies: ["SubsCLI", "CProcess"]
        ),
        .executableTarget(
            name: "subs-bench",
            dependencies: ["SubscriptionCore"]
        ),
        // The seeded generator, file mutations and made-up statement years both test targets'
        // property, fuzz and detection tests use.
        .target(name: "FuzzSupport", dependencies: ["SubscriptionCore"], path: "Tests/FuzzSupport"),
        .testTarget(
            name: "SubscriptionCoreTests",
            dependencies: ["SubscriptionCore", "FuzzSupport"]
        ),
        .testTarget(
            name: "SubsCLITests",
            dependencies: ["SubsCLI", "SubscriptionCore", "FuzzSupport", .product(name: "Crypto", package: "swift-crypto")]
        ),
    ]
)
