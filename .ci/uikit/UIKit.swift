// swift-format-ignore-file: NeverUseImplicitlyUnwrappedOptionals, AlwaysUseLowerCamelCase
// UIKit's interface, as far as the documentation's samples use it, for type-checking them where
// UIKit cannot be imported (Linux, and a Mac checking for macOS). Signatures follow Apple's iOS 17
// SDK, isolation and `Sendable` included, since those are what a Swift 6 sample gets wrong: views,
// controllers and their delegates are `@MainActor`; images, colours, fonts and snapshots are
// `Sendable` values any thread may make. Optional Objective-C protocol requirements are
// requirements with empty defaults here, and members Swift imports as discardable are
// `@discardableResult`. Nothing here runs. A sample that needs more of UIKit adds it here, with
// the SDK's signature. Its implicitly unwrapped optionals and `URL` case are the SDK's too.
@_exported import Foundation

// MARK: Geometry and layers (CoreGraphics and QuartzCore, which `import UIKit` brings)

/// CoreGraphics' colour, as `UIColor.cgColor` gives it to a layer.
public final class CGColor: @unchecked Sendable {
    private init() {}
}

open class CALayer: NSObject {
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var cornerRadius: CGFloat = 0
}

public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

// MARK: Colours, fonts and images: Sendable values, made on any thread

open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(white: CGFloat, alpha: CGFloat) {}
    open var cgColor: CGColor { fatalError() }
    open class var systemRed: UIColor { fatalError() }
    open class var systemGreen: UIColor { fatalError() }
    open class var systemOrange: UIColor { fatalError() }
    open class var systemBlue: UIColor { fatalError() }
    open class var systemGray: UIColor { fatalError() }
    open class var label: UIColor { fatalError() }
    open class var secondaryLabel: UIColor { fatalError() }
    open class var systemBackground: UIColor { fatalError() }
    open class var separator: UIColor { fatalError() }
    open class var tintColor: UIColor { fatalError() }
    open class var clear: UIColor { fatalError() }
}

open class UIFont: NSObject, @unchecked Sendable {
    public struct TextStyle: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { fatalError() }
}

open class UIImage: NSObject, @unchecked Sendable {
    public init?(data: Data) {}
    public init?(data: Data, scale: CGFloat) {}
    public init?(named name: String) {}
    public init?(systemName name: String) {}
    open var size: CGSize { fatalError() }
    /// Decoded now, on the calling thread: call it off the main actor (iOS 15).
    open func preparingForDisplay() -> UIImage? { nil }
    /// A decoded copy of at most `size`, made off the main actor (iOS 15).
    open func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? { nil }
}

// MARK: Responders, views and layout

@MainActor
open class UIResponder: NSObject {
    open var canBecomeFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { false }
}

public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
}

/// The informal UIAccessibility protocol, which UIKit declares on NSObject.
extension NSObject {
    @MainActor public var isAccessibilityElement: Bool {
        get { false }
        set {}
    }
    @MainActor public var accessibilityLabel: String? {
        get { nil }
        set {}
    }
    @MainActor public var accessibilityHint: String? {
        get { nil }
        set {}
    }
    @MainActor public var accessibilityValue: String? {
        get { nil }
        set {}
    }
    @MainActor public var accessibilityTraits: UIAccessibilityTraits {
        get { [] }
        set {}
    }
}

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(frame: .zero) }
    open var backgroundColor: UIColor?
    open var tintColor: UIColor!
    open var isHidden: Bool = false
    open var alpha: CGFloat = 1
    open var layer: CALayer { fatalError() }
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    open var directionalLayoutMargins: NSDirectionalEdgeInsets = .zero
    open var subviews: [UIView] { [] }
    open var window: UIWindow? { nil }
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open var layoutMarginsGuide: UILayoutGuide { fatalError() }
    open var safeAreaLayoutGuide: UILayoutGuide { fatalError() }
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var widthAnchor: NSLayoutDimension { fatalError() }
    open var heightAnchor: NSLayoutDimension { fatalError() }
}

@MainActor
open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
}

@MainActor
open class NSLayoutConstraint: NSObject {
    open var isActive: Bool = false
    open var constant: CGFloat = 0
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {}
    public enum Axis: Int, Sendable {
        case horizontal, vertical
    }
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        fatalError()
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        fatalError()
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
}
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}
@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { fatalError() }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { fatalError() }
}

@MainActor
open class UIStackView: UIView {
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
    }
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }
    public init(arrangedSubviews views: [UIView]) { super.init(frame: .zero) }
    public required init(coder: NSCoder) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    open var arrangedSubviews: [UIView] { [] }
    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var alignment: UIStackView.Alignment = .fill
    open var distribution: UIStackView.Distribution = .fill
    open var spacing: CGFloat = 0
    open var isLayoutMarginsRelativeArrangement: Bool = false
    open func addArrangedSubview(_ view: UIView) {}
    open func removeArrangedSubview(_ view: UIView) {}
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {}
}

@MainActor
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont!
    open var textColor: UIColor!
    open var numberOfLines: Int = 1
    open var adjustsFontForContentSizeCategory: Bool = false
}

@MainActor
open class UIImageView: UIView {
    public init(image: UIImage?) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    open var image: UIImage?
    open var contentMode: UIView.ContentMode {
        get { .scaleToFill }
        set {}
    }
}

extension UIView {
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, center
    }
}

@MainActor
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case medium = 100
        case large = 101
    }
    public init(style: UIActivityIndicatorView.Style) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init(coder: NSCoder) { super.init(frame: .zero) }
    open var hidesWhenStopped: Bool = true
    open var isAnimating: Bool { false }
    open func startAnimating() {}
    open func stopAnimating() {}
}

// MARK: Controls and actions

@MainActor
open class UIMenuElement: NSObject {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
    }
    public enum State: Int, Sendable {
        case off, on, mixed
    }
    open var title: String { "" }
}

public typealias UIActionHandler = (UIAction) -> Void

@MainActor
open class UIAction: UIMenuElement {
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) { self.init() }
    open var state: UIMenuElement.State = .off
    open var attributes: UIMenuElement.Attributes = []
    /// The control that sent the action, while its handler runs.
    open var sender: Any? { nil }
}

@MainActor
open class UIMenu: UIMenuElement {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let singleSelection = Options(rawValue: 1 << 5)
    }
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: String? = nil, options: UIMenu.Options = [],
        children: [UIMenuElement] = []
    ) { self.init() }
    open var children: [UIMenuElement] { [] }
}

@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    }
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
    public convenience init(frame: CGRect, primaryAction: UIAction?) { self.init(frame: frame) }
    open var isEnabled: Bool = true
    open var isSelected: Bool = false
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, close
    }

    /// A button's look, as a value: `UIButton.Configuration.filled()` and the like.
    public struct Configuration: Hashable {
        public static func plain() -> UIButton.Configuration { fatalError() }
        public static func tinted() -> UIButton.Configuration { fatalError() }
        public static func gray() -> UIButton.Configuration { fatalError() }
        public static func filled() -> UIButton.Configuration { fatalError() }
        public static func borderless() -> UIButton.Configuration { fatalError() }
        public static func bordered() -> UIButton.Configuration { fatalError() }
        public static func borderedProminent() -> UIButton.Configuration { fatalError() }
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var showsActivityIndicator: Bool
        public var baseForegroundColor: UIColor?
    }

    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero)
    }
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) {
        self.init(frame: .zero)
    }
    open var configuration: UIButton.Configuration?
    open var menu: UIMenu?
    open var showsMenuAsPrimaryAction: Bool = false
    open var changesSelectionAsPrimaryAction: Bool = false
    open func setTitle(_ title: String?, for state: UIControl.State) {}
    open func setNeedsUpdateConfiguration() {}
}

public struct UITextContentType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let nickname = UITextContentType(rawValue: "nickname")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "new-password")
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
}

public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}

public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done
}

@MainActor
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }
    open var text: String?
    open var placeholder: String?
    open var font: UIFont?
    open var borderStyle: UITextField.BorderStyle = .none
    open var isSecureTextEntry: Bool = false
    open var textContentType: UITextContentType!
    open var keyboardType: UIKeyboardType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var returnKeyType: UIReturnKeyType = .default
}

@MainActor
open class UIRefreshControl: UIControl {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    open var isRefreshing: Bool { false }
    open func beginRefreshing() {}
    open func endRefreshing() {}
}

@MainActor
open class UISearchBar: UIView {
    open var text: String?
    open var placeholder: String?
}

@MainActor
public protocol UISearchResultsUpdating: NSObjectProtocol {
    func updateSearchResults(for searchController: UISearchController)
}

// MARK: View controllers

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView!
    open var viewIfLoaded: UIView? { nil }
    open var isViewLoaded: Bool { false }
    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    /// Between `viewWillAppear(_:)` and `viewDidAppear(_:)`, with the traits and geometry known
    /// (iOS 13, back-deployed from iOS 17).
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    open var title: String?
    open var navigationItem: UINavigationItem { fatalError() }
    open var navigationController: UINavigationController? { nil }
    open var parent: UIViewController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var presentedViewController: UIViewController? { nil }
    open var presentationController: UIPresentationController? { nil }
    open var sheetPresentationController: UISheetPresentationController? { nil }
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var isModalInPresentation: Bool = false
    open var isMovingFromParent: Bool { false }
    open var isMovingToParent: Bool { false }
    open var isBeingDismissed: Bool { false }
    open var isBeingPresented: Bool { false }

    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

@MainActor
open class UIPresentationController: NSObject {
    weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
    open var presentedViewController: UIViewController { fatalError() }
}

@MainActor
open class UISheetPresentationController: UIPresentationController {
    @MainActor
    open class Detent: NSObject {
        open class func medium() -> Self { fatalError() }
        open class func large() -> Self { fatalError() }
    }
    open var detents: [UISheetPresentationController.Detent] = []
    open var prefersGrabberVisible: Bool = false
}

@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// The user dismissed the sheet (swiped it down): not called for `dismiss(animated:)`.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}
extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        true
    }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

@MainActor
open class UIBarButtonItem: NSObject {
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
            bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case close = 24
    }
    public enum Style: Int, Sendable {
        case plain, done
    }
    public convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil)
    { self.init() }
    public convenience init(
        title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
    ) { self.init() }
    open var isEnabled: Bool = true
    open var title: String?
    open var style: UIBarButtonItem.Style = .plain
    open var menu: UIMenu?
}

@MainActor
open class UINavigationItem: NSObject {
    open var title: String?
    open var backButtonTitle: String?
    open var hidesBackButton: Bool = false
    open var leftBarButtonItem: UIBarButtonItem?
    open var rightBarButtonItem: UIBarButtonItem?
    open var searchController: UISearchController?
    open var hidesSearchBarWhenScrolling: Bool = true
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never
    }
    open var largeTitleDisplayMode: UINavigationItem.LargeTitleDisplayMode = .automatic
}

@MainActor
open class UINavigationBar: UIView {
    open var prefersLargeTitles: Bool = false
}

@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The stack, root first; its count less one is how deep the top screen is.
    open var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { nil }
    open var visibleViewController: UIViewController? { nil }
    open var navigationBar: UINavigationBar { fatalError() }
    /// Held weakly: whoever sets it keeps it alive.
    weak open var delegate: (any UINavigationControllerDelegate)?
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    @discardableResult open func popViewController(animated: Bool) -> UIViewController? { nil }
    @discardableResult open func popToViewController(_ viewController: UIViewController, animated: Bool)
        -> [UIViewController]?
    { nil }
    @discardableResult open func popToRootViewController(animated: Bool) -> [UIViewController]? { nil }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}

@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Called after a push, a pop (the back button, the edge swipe, `popViewController`) or
    /// `setViewControllers` has finished; not after an interactive pop the user cancelled.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}
extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

@MainActor
open class UISearchController: UIViewController {
    public init(searchResultsController: UIViewController?) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var searchBar: UISearchBar { fatalError() }
    /// Held weakly.
    weak open var searchResultsUpdater: (any UISearchResultsUpdating)?
    open var obscuresBackgroundDuringPresentation: Bool = true
    open var isActive: Bool = false
}

@MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
    }
    open var isEnabled: Bool = true
}

@MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable {
        case actionSheet, alert
    }
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
    }
    open func addAction(_ action: UIAlertAction) {}
    open var actions: [UIAlertAction] { [] }
    open var preferredAction: UIAlertAction?
}

// MARK: Scenes and windows

@MainActor
open class UIScene: UIResponder {
    @MainActor
    open class ConnectionOptions: NSObject {}
}

@MainActor open class UIWindowScene: UIScene {}

@MainActor open class UISceneSession: NSObject {}

@MainActor
open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() {}
}

@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
}
extension UISceneDelegate {
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

// MARK: Content configurations

public protocol UIConfigurationState {}

@MainActor
public protocol UIContentView: NSObjectProtocol {
    var configuration: any UIContentConfiguration { get set }
}

public protocol UIContentConfiguration {
    @MainActor func makeContentView() -> any UIView & UIContentView
    func updated(for state: any UIConfigurationState) -> Self
}

/// A list cell's content: text, secondary text and an image (iOS 14); a value, set whole on the cell.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    public struct TextProperties: Hashable {
        public var font: UIFont
        public var color: UIColor
        public var numberOfLines: Int
    }
    public struct ImageProperties: Hashable {
        public var tintColor: UIColor?
        public var maximumSize: CGSize
        public var cornerRadius: CGFloat
    }
    public static func cell() -> UIListContentConfiguration { fatalError() }
    public static func subtitleCell() -> UIListContentConfiguration { fatalError() }
    public static func valueCell() -> UIListContentConfiguration { fatalError() }
    public var text: String?
    public var secondaryText: String?
    public var image: UIImage?
    public var textProperties: UIListContentConfiguration.TextProperties
    public var secondaryTextProperties: UIListContentConfiguration.TextProperties
    public var imageProperties: UIListContentConfiguration.ImageProperties
    @MainActor public func makeContentView() -> any UIView & UIContentView { fatalError() }
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

// MARK: Scroll, table and collection views

@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {}

@MainActor
open class UIScrollView: UIView {
    open var refreshControl: UIRefreshControl?
    // UIScrollView's `delegate` is left out: UITableView and UICollectionView narrow its type,
    // which Objective-C allows and a Swift override does not, so each declares its own.
}

@MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray
        case `default` = 3
    }
    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    open var contentConfiguration: (any UIContentConfiguration)?
    open func defaultContentConfiguration() -> UIListContentConfiguration { fatalError() }
    open var accessoryType: UITableViewCell.AccessoryType = .none
    open var selectionStyle: UITableViewCell.SelectionStyle = .default
}

@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

@MainActor
public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}
extension UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

@MainActor
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }
    public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    /// Held weakly.
    weak open var delegate: (any UITableViewDelegate)?
    /// Held weakly.
    weak open var dataSource: (any UITableViewDataSource)?
    /// Held weakly.
    weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
    open var tableHeaderView: UIView?
    open var tableFooterView: UIView?
    open var backgroundView: UIView?
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        fatalError()
    }
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { nil }
    open var indexPathForSelectedRow: IndexPath? { nil }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {}
}

@MainActor
open class UITableViewController: UIViewController, UITableViewDelegate, UITableViewDataSource {
    public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var tableView: UITableView!
    open var refreshControl: UIRefreshControl?
    open var clearsSelectionOnViewWillAppear: Bool = true
    // The protocols' methods, which Swift mirrors into the class: a subclass overrides them.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        fatalError()
    }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

@MainActor
open class UICollectionReusableView: UIView {}

@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    open var contentConfiguration: (any UIContentConfiguration)?
}

public struct UICellAccessory: Sendable {
    public enum DisplayedState: Int, Sendable {
        case always, whenEditing, whenNotEditing
    }
    public struct DisclosureIndicatorOptions: Sendable {
        public init() {}
    }
    public struct CheckmarkOptions: Sendable {
        public init() {}
    }
    public static func disclosureIndicator(
        displayed: UICellAccessory.DisplayedState = .always,
        options: UICellAccessory.DisclosureIndicatorOptions = .init()
    ) -> UICellAccessory { fatalError() }
    public static func checkmark(
        displayed: UICellAccessory.DisplayedState = .always, options: UICellAccessory.CheckmarkOptions = .init()
    ) -> UICellAccessory { fatalError() }
}

@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    open func defaultContentConfiguration() -> UIListContentConfiguration { fatalError() }
    open var accessories: [UICellAccessory] = []
}

@MainActor open class UICollectionViewLayout: NSObject {}

/// A list section's look: `UICollectionLayoutListConfiguration(appearance: .insetGrouped)` (iOS 14).
@MainActor
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }
    public init(appearance: UICollectionLayoutListConfiguration.Appearance) {}
}

@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    open class func list(using configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    { fatalError() }
}

@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
}
extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
}

@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

@MainActor
public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
    /// Rows about to scroll into view: start loading what their cells will show.
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    /// Rows no longer about to show: cancel what `prefetchItemsAt` started for them.
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}
extension UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
    {}
}

@MainActor
open class UICollectionView: UIScrollView {
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
    /// Held weakly.
    weak open var delegate: (any UICollectionViewDelegate)?
    /// Held weakly.
    weak open var dataSource: (any UICollectionViewDataSource)?
    /// Held weakly.
    weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
    open var isPrefetchingEnabled: Bool = true
    open var indexPathsForVisibleItems: [IndexPath] { [] }
    open var indexPathsForSelectedItems: [IndexPath]? { nil }
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { nil }
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {}

    /// How a list makes and fills its cells, without reuse identifiers (iOS 14).
    @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void
        public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {}
    }

    public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
        using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell { fatalError() }
}

// MARK: Diffable data sources

/// What a list shows, as identifiers: sections, and the items in each. Identifiers must be
/// `Hashable` (iOS 17) and `Sendable` (the iOS 18 SDK asks it too; both are asked here, so a
/// sample builds with either): ids, not view models.
public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    @unchecked Sendable
{
    public init() {}
    public var numberOfItems: Int { 0 }
    public var numberOfSections: Int { 0 }
    public var sectionIdentifiers: [SectionIdentifierType] { [] }
    public var itemIdentifiers: [ItemIdentifierType] { [] }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { [] }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { nil }
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {}
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {}
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {}
    public mutating func deleteAllItems() {}
    /// Rebuilds the items' cells from scratch (iOS 13).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {}
    /// Runs the cell provider again on the items' existing cells, keeping them (iOS 15): the way to
    /// show a row's changed content, such as an image that arrived.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {}
}

@MainActor
open class UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    NSObject, UITableViewDataSource
{
    public typealias CellProvider =
        (_ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType) -> UITableViewCell?
    /// Becomes the table view's data source; the table view holds it weakly, so keep it.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {}
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {}
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {}
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { .init() }
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { nil }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { nil }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        fatalError()
    }
}

@MainActor
open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    NSObject, UICollectionViewDataSource
{
    public typealias CellProvider =
        (_ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType) ->
        UICollectionViewCell?
    /// Becomes the collection view's data source; the collection view holds it weakly, so keep it.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {}
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {}
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {}
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { .init() }
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { nil }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { nil }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    { fatalError() }
}
