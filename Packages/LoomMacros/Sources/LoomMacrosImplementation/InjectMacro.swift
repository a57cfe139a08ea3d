import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Inject`: a property resolved from the container on first access, with no mutable storage.
///
/// The property becomes computed; a private `let` beside it holds the core's `Injected` (or
/// `OptionalInjected` for an optional type), which captures the container when the owner is made:
///
/// ```swift
/// @Inject var api: any APIClient
/// // becomes
/// var api: any APIClient { get { _api.wrappedValue } }
/// private let _api = Loom::Injected<any APIClient>(fileID: "App/Profile.swift", line: 3)
/// ```
public enum InjectMacro: InjectedPropertyMacro {
  /// A strong reference: the core's `Injected` or `OptionalInjected`.
  static var holdsWeakly: Bool { false }
}

/// `@WeakInject`: a property resolved on first access and held weakly, with no mutable storage.
///
/// ```swift
/// @WeakInject var coordinator: AppCoordinator?
/// // becomes
/// var coordinator: AppCoordinator? { get { _coordinator.wrappedValue } }
/// private let _coordinator = Loom::WeakInjected<AppCoordinator>(fileID: "App/D.swift", line: 3)
/// ```
public enum WeakInjectMacro: InjectedPropertyMacro {
  /// A weak reference: the core's `WeakInjected`.
  static var holdsWeakly: Bool { true }
}

/// What `@Inject` and `@WeakInject` share: a getter that reads a private storage property, which
/// holds the core's property wrapper; they differ only in the reference the storage keeps.
///
/// ```swift
/// public enum InjectMacro: InjectedPropertyMacro {
///   static var holdsWeakly: Bool { false }
/// }
/// ```
protocol InjectedPropertyMacro: AccessorMacro, CheckedPeerMacro {
  /// Whether the storage holds the instance weakly (`@WeakInject`) rather than strongly.
  static var holdsWeakly: Bool { get }
}

// NB: internal, as `CheckedPeerMacro` is; a public member of its extension still witnesses
// `AccessorMacro`'s public requirement for the public macro types.
extension InjectedPropertyMacro {
  /// Writes the getter that reads the storage.
  ///
  /// ```swift
  /// let getter = InjectMacro.expansion(of: attribute, providingAccessorsOf: property, in: context)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The `@Inject` or `@WeakInject` attribute.
  ///   - declaration: The property.
  ///   - context: The expansion context.
  /// - Returns: The getter, or nothing when the property is not valid.
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [AccessorDeclSyntax] {
    var problems = Problems()  // reported by the peer role, which runs for every declaration
    guard
      let property = InjectedProperty.read(
        declaration, attribute: node, weak: holdsWeakly, problems: &problems)
    else { return [InjectedProperty.placeholderGetter] }
    return [property.getter]
  }

  /// The storage, or nothing when the declaration cannot have one (the problems recorded say why).
  static func peers(
    of node: AttributeSyntax, for declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext, problems: inout Problems
  ) -> [DeclSyntax] {
    guard
      let property = InjectedProperty.read(
        declaration, attribute: node, weak: holdsWeakly, problems: &problems)
    else { return [] }
    return [property.storage(location: context.locationArguments(of: declaration))]
  }
}

extension InjectedProperty {
  /// The getter of a property the macro refused (and reported, from the peer role).
  ///
  /// NB: without any getter the compiler adds "expansion of macro 'Inject()' did not produce a
  /// non-observing accessor" to our diagnostic; the peer adds no storage, so this never runs.
  static let placeholderGetter: AccessorDeclSyntax = "get { fatalError() }"

  /// `get { _api.wrappedValue }`.
  var getter: AccessorDeclSyntax {
    """
    get {
      \(raw: storageName).wrappedValue
    }
    """
  }

  /// `private let _api = Loom::Injected<any APIClient>(fileID: ..., line: ...)`.
  func storage(location: String) -> DeclSyntax {
    "private let \(raw: storageName) = \(raw: storageType)(\(raw: keyArguments)\(raw: location))"
  }
}
