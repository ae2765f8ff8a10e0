// Wire DTOs to domain values: the wire's `aircrafts` is the model's `aircraft`.

extension LicensesDTO {
    var licenses: [License] { licenseDTOs.map { License(type: $0.type, aircraft: $0.aircrafts) } }
}
