#if canImport(Security)
    import Foundation
    import Security

    /// ``KeychainItems`` over Security's `SecItem` calls: generic passwords, accessible after the
    /// first unlock on this device only, never synchronised. The whole of the Apple-only code of
    /// ``KeychainValueStore``; its logic is tested on Linux through a fake (Docs/Platforms.md).
    public struct SystemKeychain: KeychainItems {
        /// The keychain of this app.
        public init() {}

        private func query(_ service: String, _ account: String) -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
                kSecAttrSynchronizable as String: false,
                kSecUseDataProtectionKeychain as String: true,
            ]
        }

        /// `SecItemCopyMatching` for the item's data.
        public func read(service: String, account: String) throws(KeychainError) -> Data? {
            var query = query(service, account)
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            try Self.check(status)
            return result as? Data
        }

        /// `SecItemAdd`, accessible after first unlock, this device only.
        public func add(_ data: Data, service: String, account: String) throws(KeychainError) {
            var query = query(service, account)
            query[kSecValueData as String] = data
            query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            try Self.check(SecItemAdd(query as CFDictionary, nil))
        }

        /// `SecItemUpdate` of the item's data.
        public func update(_ data: Data, service: String, account: String) throws(KeychainError) {
            let changes = [kSecValueData as String: data] as CFDictionary
            try Self.check(SecItemUpdate(query(service, account) as CFDictionary, changes))
        }

        /// `SecItemDelete`.
        public func delete(service: String, account: String) throws(KeychainError) {
            try Self.check(SecItemDelete(query(service, account) as CFDictionary))
        }

        private static func check(_ status: OSStatus) throws(KeychainError) {
            switch status {
            case errSecSuccess: return
            case errSecItemNotFound: throw .notFound
            case errSecDuplicateItem: throw .duplicate
            case errSecInteractionNotAllowed: throw .interactionNotAllowed
            default: throw .failed(status: status)
            }
        }
    }

    extension KeychainValueStore {
        /// A store in this app's keychain (`SystemKeychain`).
        ///
        /// ```swift
        /// let sessions = KeychainValueStore<UserSession>(service: "com.example.koober", account: "session")
        /// ```
        public init(service: String, account: String) {
            self.init(service: service, account: account, items: SystemKeychain())
        }
    }
#endif
