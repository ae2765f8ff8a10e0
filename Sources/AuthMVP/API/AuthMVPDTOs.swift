/// The wire format of `POST /auth/authenticate`.
struct AuthenticateRequestDTO: Encodable {
    var email: String
    var password: String
}

struct AuthenticateResponseDTO: Decodable {
    var token: String
    var message: String
}
