/// What the getter of a member of a component with errors reads its dependencies from, in place
/// of the component: every name, of any type, so that only the member's own code is checked.
///
/// A component with errors keeps its API with bodies that stop the program (the code that uses
/// it still compiles, and only the component's errors show). The getter a member's `@Provide` or
/// `@Child` writes still passes the code that builds the member; that code reads what `with:`
/// and `bindings:` name from this stub instead of the component, so that a name the component
/// cannot give (an asynchronous member, which Swift refuses in a key path, and says so there)
/// adds no error in the expansion. Only generated code uses it.
///
/// ```swift
/// let read: (_ComponentStub) -> API = { component in API(config: component.config) }
/// ```
@_documentation(visibility: private)
@dynamicMemberLookup
public struct _ComponentStub: Sendable {
  /// Any member, of the type its use asks for; never read.
  ///
  /// ```swift
  /// let config: Config = stub.config
  /// ```
  ///
  /// - Parameter name: The member's name.
  public subscript<Value>(dynamicMember name: String) -> Value {
    _ComponentStub.unbuilt()
  }

  /// A value of any type, for code that is compiled and never run (the getter of a member the
  /// component refused); stops the program if it runs.
  ///
  /// ```swift
  /// let config: Config = _ComponentStub.unbuilt()
  /// ```
  ///
  /// - Returns: Nothing: it stops the program.
  public static func unbuilt<Value>() -> Value {
    fatalError("a member of a component with errors was built; see the diagnostics of @Component")
  }
}

/// ``_ComponentStub`` for a member declared `effects: .async`: its reads are asynchronous, as the
/// generated `await` expects. Only generated code uses it.
///
/// ```swift
/// let read: (_AsyncComponentStub) async -> API = { component in await API(config: component.config) }
/// ```
@_documentation(visibility: private)
@dynamicMemberLookup
public struct _AsyncComponentStub: Sendable {
  /// Any member, of the type its use asks for; never read.
  ///
  /// ```swift
  /// let config: Config = await stub.config
  /// ```
  ///
  /// - Parameter name: The member's name.
  public subscript<Value>(dynamicMember name: String) -> Value {
    get async { _ComponentStub.unbuilt() }
  }
}

/// ``_ComponentStub`` for a member declared `effects: .throwing`: its reads throw, as the
/// generated `try` expects. Only generated code uses it.
///
/// ```swift
/// let read: (_ThrowingComponentStub) throws -> API = { component in try API(config: component.config) }
/// ```
@_documentation(visibility: private)
@dynamicMemberLookup
public struct _ThrowingComponentStub: Sendable {
  /// Any member, of the type its use asks for; never read.
  ///
  /// ```swift
  /// let config: Config = try stub.config
  /// ```
  ///
  /// - Parameter name: The member's name.
  public subscript<Value>(dynamicMember name: String) -> Value {
    get throws { _ComponentStub.unbuilt() }
  }
}

/// ``_ComponentStub`` for a member declared `effects: [.async, .throwing]`. Only generated code
/// uses it.
///
/// ```swift
/// let read: (_AsyncThrowingComponentStub) async throws -> API = { component in
///   try await API(config: component.config)
/// }
/// ```
@_documentation(visibility: private)
@dynamicMemberLookup
public struct _AsyncThrowingComponentStub: Sendable {
  /// Any member, of the type its use asks for; never read.
  ///
  /// ```swift
  /// let config: Config = try await stub.config
  /// ```
  ///
  /// - Parameter name: The member's name.
  public subscript<Value>(dynamicMember name: String) -> Value {
    get async throws { _ComponentStub.unbuilt() }
  }
}

/// The type a `@Child` member names, which must be a component's: generated code names the
/// child's type, its `Resolved` and its inputs through `Value`, so that a type that is not a
/// component is one error, at the child's `@Child` (where its alias is declared), and the code
/// that uses the alias adds none. Only generated code uses it.
///
/// ```swift
/// typealias _LoomChild_session = _Child<SessionComponent>
/// let overrides = ChildOverrides<_LoomChild_session.Value>()
/// ```
@_documentation(visibility: private)
public enum _Child<Child: Component> {
  /// The child's type.
  ///
  /// ```swift
  /// let child: _Child<SessionComponent>.Value = SessionComponent(token: "t")
  /// ```
  public typealias Value = Child

  /// Adds the child `name` to `graph`, as ``_ComponentGraph/child(_:_:effects:dependencies:inputs:fileID:line:)``
  /// does.
  ///
  /// ```swift
  /// _Child<SessionComponent>.describe(&graph, "session", fileID: #fileID, line: #line)
  /// ```
  ///
  /// - Parameters:
  ///   - graph: The graph being built.
  ///   - name: The child's member name.
  ///   - effects: The child's effects.
  ///   - dependencies: The parent members it is built from.
  ///   - inputs: The child's inputs, each with the parent member wired to it.
  ///   - fileID: Where the child is declared.
  ///   - line: The line it is declared on.
  public static func describe(
    _ graph: inout _ComponentGraph, _ name: String, effects: ComponentEffects = [],
    dependencies: [String] = [], inputs: [String: String] = [:], fileID: StaticString,
    line: UInt
  ) {
    graph.child(
      name, Child.self, effects: effects, dependencies: dependencies, inputs: inputs,
      fileID: fileID, line: line)
  }
}
