import AppsCLI

@main
extension Apps {}
