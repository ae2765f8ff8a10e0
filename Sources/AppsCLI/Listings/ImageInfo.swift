import Foundation

/// What a terminal can say about an image without showing it: its format and its size in pixels,
/// read from the file's header (PNG, JPEG, GIF); `nil` for anything else.
struct ImageInfo: Equatable {
    let format: String
    let width: Int
    let height: Int

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        if let info = Self.png(bytes) ?? Self.gif(bytes) ?? Self.jpeg(bytes) {
            self = info
        } else {
            return nil
        }
    }

    private init(format: String, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func png(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return nil
        }
        return ImageInfo(format: "PNG", width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
    }

    private static func gif(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        return ImageInfo(
            format: "GIF", width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// The first start-of-frame segment after the segments before it, each skipped by its length.
    private static func jpeg(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return ImageInfo(
                    format: "JPEG", width: bigEndian(bytes, index + 7, 2), height: bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }
}
