/// The login screen, as the presenter sees it.
@MainActor
public protocol LoginView: AnyObject {
    /// Shows `state`: called after every change, with everything the screen shows.
    func render(_ state: LoginViewState)
}
