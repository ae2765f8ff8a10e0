/// The login screen, as the presenter sees it.
@MainActor
public protocol LoginView: AnyObject {
    func render(_ state: LoginViewState)
}
