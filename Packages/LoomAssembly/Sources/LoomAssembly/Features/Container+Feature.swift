public import Loom

extension Container {
  /// Makes a child container for the feature named `name`, with the feature's assemblies
  /// installed in it.
  ///
  /// The feature is looked up in this container, then in its ancestors; the child's parent is
  /// this container, so it sees this container's registrations (and overrides), while this
  /// container and its ancestors never see the child's. Each call makes a new child: keep the one
  /// a feature uses for as long as the feature runs (its singletons live in it). Requirements of
  /// the feature's assemblies already installed in an ancestor are not installed again.
  ///
  /// ```swift
  /// let app = Container().install {
  ///   NetworkAssembly(baseURL: url)
  ///   Feature("Checkout") { CheckoutAssembly() }
  /// }
  /// let checkout = app.makeFeature("Checkout")!
  /// checkout.resolve(CheckoutModel.self)      // sees the app's HTTPClient
  /// try app.tryResolve(CheckoutModel.self)    // throws: the app cannot see the feature's
  /// ```
  ///
  /// - Parameter name: The name given to ``Feature/init(_:assemblies:)``.
  /// - Returns: A new child container for the feature, or `nil` when neither this container nor
  ///   an ancestor declares a feature with that name.
  public func makeFeature(_ name: String) -> Container? {
    var container: Container? = self
    while let current = container {
      let ledger = AssemblyLedger.existing(for: current)
      if let declaration = ledger?.features.first(where: { $0.name == name }) {
        return makeFeatureChild(declaration)
      }
      container = current.parent
    }
    return nil
  }

  /// A new child with the feature's assemblies installed.
  func makeFeatureChild(_ declaration: AssemblyLedger.FeatureDeclaration) -> Container {
    let child = makeChild()
    var installation = Installation(into: child)
    installation.install(declaration.assemblies)
    return child
  }
}
