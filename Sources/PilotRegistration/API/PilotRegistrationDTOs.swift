/// The wire format: the key is `pilot-licenses` and each license lists its `aircrafts`.
struct LicensesDTO: Decodable {
    struct LicenseDTO: Decodable {
        var type: String
        var aircrafts: [String]
    }

    var licenseDTOs: [LicenseDTO]

    enum CodingKeys: String, CodingKey {
        case licenseDTOs = "pilot-licenses"
    }
}
