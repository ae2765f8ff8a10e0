// Wire DTOs to domain values.

extension AuthenticateResponseDTO {
    var authentication: Authentication { Authentication(token: token, message: message) }
}
