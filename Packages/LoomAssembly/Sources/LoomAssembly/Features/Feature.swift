public import Loom

/// A feature's wiring, declared in a container and installed into a child container of its own.
///
/// Installing a feature registers nothing in the container: it declares the feature there, owned
/// by the assembly that installs it. `Container.makeFeature(_:)` then makes a child
/// container with the feature's assemblies: the child sees the container's dependencies, the
/// container never sees the child's. `Container.exportFeatureGraph(_:)` draws each feature
/// as a cluster with an ownership edge from the container that declares it.
///
/// ```swift
/// struct AppAssembly: Assembly {
///   func assemble(into container: Container) {
///     container.register(lifetime: .singleton, HTTPClient.init)
///     container.install {
///       Feature("Checkout") { CheckoutAssembly() }
///     }
///   }
/// }
///
/// let app = Container().install { AppAssembly() }
/// let checkout = app.makeFeature("Checkout")!
/// checkout.resolve(CheckoutModel.self)  // built with the app's HTTPClient
/// ```
public struct Feature: Assembly {
  /// The feature's name, used by `Container.makeFeature(_:)` and shown in graph exports.
  ///
  /// ```swift
  /// Feature("Checkout") { CheckoutAssembly() }.name  // "Checkout"
  /// ```
  public let name: String
  /// The assemblies installed into each child container made for the feature, in order.
  ///
  /// ```swift
  /// Feature("Checkout") { CheckoutAssembly() }.assemblies.count  // 1
  /// ```
  public let assemblies: [any Assembly]

  /// Declares a feature made of `assemblies`.
  ///
  /// A later declaration with the same name in the same container replaces the earlier one.
  ///
  /// ```swift
  /// Feature("Checkout") {
  ///   CheckoutAssembly()
  ///   if debug { CheckoutDebugAssembly() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The feature's name, unique within the container that declares it.
  ///   - assemblies: The assemblies installed into the feature's child container.
  public init(_ name: String, @AssemblyBuilder assemblies: () -> [any Assembly]) {
    self.name = name
    self.assemblies = assemblies()
  }

  /// Declares the feature in `container`, owned by the assembly being installed, if any.
  ///
  /// `Container.install(_:)` calls it; it makes no registration.
  ///
  /// ```swift
  /// container.install { Feature("Checkout") { CheckoutAssembly() } }
  /// ```
  ///
  /// - Parameter container: The container that owns the feature.
  public func assemble(into container: Container) {
    // The last frame is this feature; the one before it, the assembly that installs it.
    let owner = Installation.path.dropLast().last?.name
    AssemblyLedger.of(container).declare(
      AssemblyLedger.FeatureDeclaration(name: name, owner: owner, assemblies: assemblies))
  }
}
