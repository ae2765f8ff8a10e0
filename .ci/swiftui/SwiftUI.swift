// SwiftUI's interface, as far as the documentation's samples use it, for type-checking them where
// SwiftUI cannot be imported (Linux). Signatures follow Apple's SDK (iOS 17/18), isolation and
// `Sendable` included, since those are what a Swift 6 sample gets wrong; nothing here runs.
// A sample that needs more of SwiftUI adds it here, with the SDK's signature.
@_exported import Foundation
@_exported import Observation

// MARK: Views and their builder

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// The views SwiftUI draws itself: no body of their own.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
    public var body: Never { fatalError() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

nonisolated public struct EmptyView: _PrimitiveView { public init() {} }
nonisolated public struct TupleView<T>: _PrimitiveView { public init(_ value: T) {} }
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {}
nonisolated public struct AnyView: _PrimitiveView { public init<V: View>(_ view: V) {} }
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public protocol DynamicProperty {}

// MARK: State and bindings

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}
extension State: Sendable where Value: Sendable {}
extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}
extension Binding: @unchecked Sendable where Value: Sendable {}
extension Binding: DynamicProperty {}

@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}
extension Bindable: DynamicProperty {}
extension Bindable: Sendable where Value: Sendable {}

@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    @propertyWrapper
    public struct Binding {
        public init(wrappedValue: Value) {}
        public var wrappedValue: Value {
            get { fatalError() }
            nonmutating set {}
        }
        public var projectedValue: FocusState<Value>.Binding { self }
    }
    // SwiftUI's are `init<T>() where Value == T?` and `init() where Value == Bool`; one plain
    // init lets the stub's wrapper default-initialise as theirs does.
    public init() {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: FocusState<Value>.Binding { fatalError() }
}

// MARK: Text and images

public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(_ string: String) {}
        public mutating func appendInterpolation<Subject: CustomStringConvertible>(_ value: Subject) {}
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable, F.FormatOutput == String {}
        public mutating func appendInterpolation(_ text: Text) {}
    }
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
}

nonisolated public struct Text: _PrimitiveView, Equatable, Sendable {
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) {}
    public init(verbatim content: String) {}
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {}
    public func bold() -> Text { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
}

nonisolated public struct Image: _PrimitiveView, Equatable, Sendable {
    public init(systemName: String) {}
    public init(_ name: String, bundle: Bundle? = nil) {}
    public func resizable() -> Image { self }
}

nonisolated public struct Label<Title: View, Icon: View>: _PrimitiveView {}
extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

// MARK: Styles

public protocol ShapeStyle: Sendable {}

nonisolated public struct Color: _PrimitiveView, ShapeStyle, Hashable {
    public static let red = Color()
    public static let orange = Color()
    public static let yellow = Color()
    public static let green = Color()
    public static let blue = Color()
    public static let black = Color()
    public static let white = Color()
    public static let gray = Color()
}
extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var black: Color { .black }
    public static var gray: Color { .gray }
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
}

public struct Font: Hashable, Sendable {
    public static let headline = Font()
    public static let caption = Font()
}

public struct Alignment: Equatable, Sendable {
    public static let center = Alignment()
    public static let top = Alignment()
    public static let bottom = Alignment()
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
    public static let center = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
}

// MARK: Controls and containers

nonisolated public struct Button<Label: View>: _PrimitiveView {
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}
extension Button where Label == Text {
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload @preconcurrency public init<S: StringProtocol>(
        _ title: S, action: @escaping @MainActor () -> Void
    ) {}
}

nonisolated public struct TextField<Label: View>: _PrimitiveView {}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

nonisolated public struct SecureField<Label: View>: _PrimitiveView {}
extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: _PrimitiveView {}
extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload public init<S: StringProtocol>(
        _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {}
}

nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: _PrimitiveView {}
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
}
extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S) {}
}

nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: _PrimitiveView {}
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {}
}

nonisolated public struct VStack<Content: View>: _PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct HStack<Content: View>: _PrimitiveView {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct Group<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct Form<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct Section<Parent: View, Content: View, Footer: View>: _PrimitiveView {}
extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Section where Parent == Text, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {}
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}
extension ForEach: View, _PrimitiveView where Content: View {}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

// MARK: Navigation

public struct NavigationPath: Equatable {
    public init() {}
}

nonisolated public struct NavigationStack<Data, Root: View>: _PrimitiveView {
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {}
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
}

nonisolated public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {}
extension NavigationLink where Destination == Never {
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}
extension NavigationLink where Label == Text, Destination == Never {
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {}
    @_disfavoredOverload public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {}
}

public struct AccessibilityChildBehavior: Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
}

public struct AccessibilityTraits: SetAlgebra, Sendable {
    public static let isButton = AccessibilityTraits()
    public static let isSelected = AccessibilityTraits()
    public static let isHeader = AccessibilityTraits()
    public init() {}
    public func contains(_ member: AccessibilityTraits) -> Bool { false }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) {
        (false, self)
    }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { nil }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { nil }
    public mutating func formUnion(_ other: AccessibilityTraits) {}
    public mutating func formIntersection(_ other: AccessibilityTraits) {}
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) {}
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool { true }
}

public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement()
}

/// What every modifier returns: the view it modified, for the type checker's purposes.
nonisolated public struct ModifiedContent<Content, Modifier>: _PrimitiveView {}

// MARK: Modifiers

extension View {
    // Life cycle and work
    nonisolated public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View
    { ModifiedContent<Self, Void>() }
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { ModifiedContent<Self, Void>() }

    // Presentation and navigation
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        ModifiedContent<Self, Void>()
    }
    @_disfavoredOverload nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    ) -> some View { ModifiedContent<Self, Void>() }

    // Appearance and state
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func font(_ font: Font?) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    { ModifiedContent<Self, Void>() }
    nonisolated public func disabled(_ disabled: Bool) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value)
        -> some View
    { ModifiedContent<Self, Void>() }
    nonisolated public func badge(_ label: Text?) -> some View { ModifiedContent<Self, Void>() }
    @_disfavoredOverload nonisolated public func badge<S: StringProtocol>(_ label: S?) -> some View {
        ModifiedContent<Self, Void>()
    }

    // Accessibility
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View {
        ModifiedContent<Self, Void>()
    }
    @_disfavoredOverload nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        ModifiedContent<Self, Void>()
    }
    nonisolated public func accessibilityHint(_ hint: Text) -> some View { ModifiedContent<Self, Void>() }
    nonisolated public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View {
        ModifiedContent<Self, Void>()
    }
    @_disfavoredOverload nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        ModifiedContent<Self, Void>()
    }
}
