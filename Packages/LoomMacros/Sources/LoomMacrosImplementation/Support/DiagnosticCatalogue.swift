import SwiftDiagnostics

// Every diagnostic the macros of LoomMacros report, and the title of every fix-it they offer: the
// one place their words are written. `DiagnosticCatalogue.entries` renders each with placeholder
// values for the documentation (`LoomMacros.docc/Diagnostics.md`, which a test keeps equal to
// it), and the table-driven tests check that each one is reported where it should be.

// MARK: - @Component, @Provide, @Child, @Perform

extension MacroMessage {
  /// An error of the component macros, identified by `id`.
  static func component(_ id: String, _ message: String) -> MacroMessage {
    .error("Component", id, message)
  }

  static let componentOnStruct = component(
    "struct",
    "@Component must be attached to a struct; the component's storage is shared by its copies")

  static let performTarget = component(
    "performTarget", "@Perform marks a method of a @Component as a start-up step")

  static func memberTarget(macro: String) -> MacroMessage {
    component("memberTarget", "\(macro) declares a member of a @Component: write it on a 'var'")
  }

  static func memberInExtension(macro: String) -> MacroMessage {
    component(
      "outsideComponent",
      "\(macro) must be written in the @Component struct itself, not in an extension: the component reads its members from its declaration"
    )
  }

  static let provideInModule = component(
    "outsideComponent",
    "@Provide declares a member of a @Component; in a @Module, mark a method with @Provides instead"
  )

  static func outsideComponent(macro: String) -> MacroMessage {
    let what = macro == "@Perform" ? "a start-up step" : "a member"
    return component(
      "outsideComponent",
      "\(macro) declares \(what) of a @Component; add @Component to the enclosing struct")
  }

  static func duplicateAttribute(macro: String) -> MacroMessage {
    component(
      "duplicate",
      "a member has one \(macro) attribute; remove this one, the first one describes it")
  }

  /// A note beside Swift's error for a member declared with `let`.
  static func memberLet(macro: String) -> MacroMessage {
    .note(
      "Component", "let",
      "\(macro) gives the member a getter, so it is declared with 'var'")
  }

  static func memberOwnership(_ modifier: String, member: String) -> MacroMessage {
    component(
      "ownership",
      "'\(member)' is built and kept by the component, which holds it strongly; only an input can be '\(modifier)': remove '\(modifier)'"
    )
  }

  static func weakInputNotOptional(member: String) -> MacroMessage {
    component(
      "ownership",
      "a 'weak' input reads nil once the instance is released: declare '\(member)' optional")
  }

  static func opaqueMember(macro: String, member: String, constraint: String) -> MacroMessage {
    component(
      "opaqueType",
      "\(macro) member '\(member)' cannot have an opaque type: the component stores and overrides it by its type; declare it 'any \(constraint)' or a concrete type"
    )
  }

  static func implicitlyUnwrappedMember(macro: String, member: String, wrapped: String)
    -> MacroMessage
  {
    component(
      "implicitlyUnwrapped",
      "\(macro) member '\(member)' cannot be implicitly unwrapped; declare it '\(wrapped)?'")
  }

  static func keyPathRoot(_ text: String, root: String, component name: String, member: String)
    -> MacroMessage
  {
    component(
      "keyPathRoot",
      "'\(text)' is a key path of \(root), but a member is taken from \(name) itself; write \\Self.\(member)"
    )
  }

  static func reservedName(_ name: String, reason prefix: String) -> MacroMessage {
    component(
      "reservedName",
      "'\(name)' begins with '\(prefix)', which @Component keeps for the names it generates; rename it"
    )
  }

  static func generatedName(_ name: String, component name2: String, what: String)
    -> MacroMessage
  {
    component(
      "generatedName",
      "'\(name)' is a name @Component generates in \(name2) (\(what)); rename this declaration")
  }

  static func generatedTypeReference(_ type: String, component name: String) -> MacroMessage {
    component(
      "generatedName",
      "inside \(name), '\(type)' is the type @Component generates; write your type with its module's name (Module.\(type))"
    )
  }

  static func userInitializer(component name: String) -> MacroMessage {
    component(
      "initializer",
      "@Component writes the initializers of \(name), from its inputs; remove this one, or make it call self.init(...)"
    )
  }

  static func mainActorAttribute(component name: String) -> MacroMessage {
    component(
      "mainActor",
      "\(name) is isolated to the main actor with @Component(mainActor: true), which isolates its generated API too; write that instead of @MainActor"
    )
  }

  static func unreadIfConfig(component name: String) -> MacroMessage {
    component(
      "ifConfig",
      "this compiler does not tell macros which #if clause is active, so @Component cannot read members of \(name) declared in one; declare them outside #if"
    )
  }

  static func memberStatic(macro: String) -> MacroMessage {
    component(
      "static",
      "\(macro) member cannot be static; a `.once` member is the component's process-wide value")
  }

  static func memberBindings(macro: String) -> MacroMessage {
    component("binding", "\(macro) declares a member with a plain name: write 'var name: Type'")
  }

  static func memberType(macro: String, member: String) -> MacroMessage {
    component("type", "\(macro) member '\(member)' needs a type annotation")
  }

  static func memberValue(macro: String, member: String) -> MacroMessage {
    component(
      "value", "\(macro) member '\(member)' cannot have an initial value; the component builds it")
  }

  static func memberAccessors(macro: String, member: String) -> MacroMessage {
    component(
      "accessors",
      "\(macro) member '\(member)' cannot have accessors; the component writes its getter")
  }

  static let missingLifetime = component(
    "lifetime", "@Provide needs a lifetime first: .input, .shared, .lazy, .transient or .once")

  static func notALifetime(_ text: String) -> MacroMessage {
    component(
      "lifetime", "'\(text)' is not a lifetime; write .input, .shared, .lazy, .transient or .once")
  }

  static func notAnEffect(_ text: String) -> MacroMessage {
    component(
      "notAnEffect", "'\(text)' is not an effect; write .async, .throwing or [.async, .throwing]")
  }

  static func storedProperty(_ name: String) -> MacroMessage {
    component(
      "stored",
      "stored property '\(name)' has no value, and the component's initializer only sets its members; make it a member with @Provide(.input), or give it a value"
    )
  }

  static func stepNamesAfter(step: String) -> MacroMessage {
    component("after", "name the steps '\(step)' runs after as string literals")
  }

  /// `mainActor:` or `root:` of `@Component` that is not `true` or `false`.
  static func literalArgument(_ label: String) -> MacroMessage {
    component(
      "literalArgument",
      "write \(label): true or \(label): false; it is read from the source, not evaluated")
  }

  static func parentsNotAnArray(component name: String) -> MacroMessage {
    component(
      "parents",
      "list the components that may mount \(name) as string literals, such as parents: [\"AppComponent\"]; loom-graph reads them from the source, not their value"
    )
  }

  static func parentNotALiteral(component name: String) -> MacroMessage {
    component(
      "parents",
      "name each component that may mount \(name) with a plain string literal, such as \"AppComponent\"; loom-graph reads the names from the source"
    )
  }

  static func rootWithParents(component name: String) -> MacroMessage {
    component(
      "rootWithParents",
      "\(name) is a root component (root: true), which no component may mount, so it has no parents; remove parents:, or remove root: true"
    )
  }

  static func inputFactory(member: String) -> MacroMessage {
    component(
      "inputFactory",
      "input '\(member)' is passed to the component's initializer, so it cannot have a factory; remove it, or make the member .shared"
    )
  }

  static func noSource(member: String, type: String) -> MacroMessage {
    component(
      "noSource",
      "member '\(member)' has no construction source; build it with `with: [\\Self.a, ...]` (\(type)'s initializer, its labels naming members), an initializer or function reference whose labels name members, or a `factory:` closure"
    )
  }

  static func severalSources(member: String) -> MacroMessage {
    component(
      "severalSources", "member '\(member)' has several construction sources; keep one of them")
  }

  static func childSeveralSources(child: String, other: String) -> MacroMessage {
    component(
      "severalSources",
      "child '\(child)' is wired by both `factory:` and `\(other):`; keep one of them")
  }

  static func factoryNotAClosure(member: String) -> MacroMessage {
    component(
      "factory", "factory of '\(member)' must be a closure literal, whose parameters name members")
  }

  static let effectsBesideClosure = component(
    "closureEffects",
    "a factory closure states its effects in its signature (`{ (a: A) async throws in ... }`); remove `effects:`"
  )

  static func abstractType(member: String, type: String, lifetime: String) -> MacroMessage {
    component(
      "abstractType",
      "member '\(member)' has type '\(type)', which `with:` cannot build; name the type to build first: @Provide(.\(lifetime), ConcreteType.self, with: [...])"
    )
  }

  static func notASource(_ text: String) -> MacroMessage {
    component(
      "source",
      "'\(text)' is not a construction source; write a type (`Impl.self`), an initializer or function reference (`Impl.init(a:b:)`), or use `factory:`"
    )
  }

  static func unlabeledParameter(_ reference: String) -> MacroMessage {
    component(
      "unlabeled",
      "'\(reference)' has an unlabeled parameter, which names no member; use a factory closure to pass a member to it"
    )
  }

  static func childType(child: String, type: String) -> MacroMessage {
    component(
      "childType", "child '\(child)' must have the type of a @Component struct, not '\(type)'")
  }

  static let bindingsNotADictionary = component(
    "bindings", "write bindings as a dictionary literal: [\"childInput\": \\Self.member]")

  static let bindingKeyNotALiteral = component(
    "bindings", "a binding's key is the child input's label, as a string literal")

  static let withNotAnArray = component(
    "with", "write `with:` as an array of key paths: [\\Self.member]")

  static func notAMemberKeyPath(_ text: String) -> MacroMessage {
    component("keyPath", "'\(text)' does not name a member; write \\Self.member")
  }

  static func closureParameters(member: String) -> MacroMessage {
    component(
      "closureParameters",
      "name the parameters of the factory of '\(member)' after the members they take, with their types: { (config: AppConfig) in ... }"
    )
  }

  static func closureTypes(member: String, parameters: [String]) -> MacroMessage {
    let written = parameters.map { "\($0): Type" }.joined(separator: ", ")
    return component(
      "closureTypes",
      "give the parameters of the factory of '\(member)' their types, so the compiler can check them: { (\(written)) in ... }"
    )
  }

  static func closureWildcard(member: String) -> MacroMessage {
    component(
      "closureWildcard", "a parameter of the factory of '\(member)' must name the member it takes")
  }

  static func closureUndeclaredEffect(member: String, marker: String, effects: String)
    -> MacroMessage
  {
    component(
      "closureEffects",
      "the factory of '\(member)' uses '\(marker)'; declare it '\(effects)' in the closure's signature, which states the member's effects"
    )
  }

  static func closureWithoutSignature(member: String, marker: String, effects: String)
    -> MacroMessage
  {
    component(
      "closureEffects",
      "the factory of '\(member)' uses '\(marker)'; give it a signature that says so: { () \(effects) in ... }"
    )
  }

  static func duplicateStep(_ name: String, component name2: String) -> MacroMessage {
    component(
      "duplicateMember",
      "'\(name)' is declared twice in \(name2); rename one of them, since members and steps are wired by name"
    )
  }

  static func duplicateDependency(_ name: String, of member: String) -> MacroMessage {
    component(
      "duplicateDependency", "'\(name)' is listed twice for '\(member)'; remove one of them")
  }

  static func duplicateChildInput(_ name: String, of child: String) -> MacroMessage {
    component(
      "duplicateDependency",
      "child input '\(name)' is wired twice for '\(child)'; remove one of them")
  }

  static func missingStep(_ name: String, component name2: String, suggestion: String?)
    -> MacroMessage
  {
    component(
      "missingStep",
      "'\(name)' is not a @Perform step of \(name2)"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
  }

  static func stepReference(_ name: String, component name2: String, owner: String)
    -> MacroMessage
  {
    component(
      "stepReference",
      "'\(name)' is a @Perform step of \(name2), not a member; '\(owner)' can only take members")
  }

  static func missingMember(
    _ name: String, component name2: String, suggestion: String?, members: [String]
  ) -> MacroMessage {
    var message = "'\(name)' is not a member of \(name2)"
    if let suggestion {
      message += "; did you mean '\(suggestion)'?"
    } else if !members.isEmpty {
      message += "; its members are \(members.map { "'\($0)'" }.joined(separator: ", "))"
    }
    return component("missingMember", message)
  }

  /// The message of an initializer reference whose label names no member: it is reported when
  /// the member's accessor calls its read function, since Swift reports first a reference that
  /// does not exist (see ``ComponentProblems/unavailable``).
  static func labelNotAMember(
    _ label: String, reference: String, component name2: String, factory: String?
  ) -> MacroMessage {
    var message =
      "'\(label)' is not a member of \(name2): an initializer or function reference passes each member under its own name"
    if let factory {
      message += "; build it with a factory closure: factory: \(factory)"
    } else {
      message += "; build it with a factory closure whose parameters name members"
    }
    return component("labelNotAMember", message)
  }

  static func deferredAsync(deferral: String, type: String, target: String, member: String)
    -> MacroMessage
  {
    component(
      "deferredAsync",
      "\(deferral)<\(type)> cannot take '\(target)', which is asynchronous: a \(deferral) reads synchronously; take '\(target)' directly, and make '\(member)' async"
    )
  }

  static func undeclaredEffects(
    member: String, effects: String, target: String, targetEffects: String, missing: String
  ) -> MacroMessage {
    component(
      "undeclaredEffects",
      "'\(member)' is \(effects), but it is built from '\(target)', which is \(targetEffects); declare '\(member)' \(missing)"
    )
  }

  static func genericOnce(member: String, component name2: String) -> MacroMessage {
    component(
      "genericOnce",
      "'\(member)' cannot be .once in the generic component \(name2), which has no storage shared by all its instances; make it .shared"
    )
  }

  /// `targetLifetime`: `input`, `child`, `shared` or `transient`.
  static func onceCaptive(
    member: String, component name2: String, target: String, targetLifetime: String
  ) -> MacroMessage {
    let what: String
    let fix: String
    switch targetLifetime {
    case "input":
      what = "an input, one value per instance"
      fix = "make '\(member)' .shared"
    case "child":
      what = "a child, one per instance"
      fix = "make '\(member)' .shared"
    default:
      what = ".\(targetLifetime), one value per instance"
      fix = "make '\(target)' .once, or '\(member)' .shared"
    }
    return component(
      "onceCaptive",
      "'\(member)' is .once, one value for every \(name2), but it is built from '\(target)', \(what); \(fix)"
    )
  }

  static func cycle(_ path: [String]) -> MacroMessage {
    component(
      "cycle",
      "dependency cycle: \(path.joined(separator: " → ")); break it, or take one of them through Lazy or Provider in a factory closure"
    )
  }

  static func stepCycle(_ path: [String]) -> MacroMessage {
    component(
      "stepCycle",
      "start-up steps wait for each other: \(path.joined(separator: " → ")); remove one of these `after:` entries"
    )
  }
}

// MARK: - @Inject, @WeakInject

extension MacroMessage {
  static func injectNotAProperty(macro: String, onInitializer: Bool) -> MacroMessage {
    .error(
      macro, "notAProperty",
      "@\(macro) applies to an instance property declared with 'var'"
        + (onInitializer
          ? "; mark the initializer of an @Injectable type with @InjectableInit" : ""))
  }

  /// A note beside Swift's error for a property declared with `let`.
  static func injectLet(macro: String) -> MacroMessage {
    .note(macro, "let", "@\(macro) gives the property a getter, so it is declared with 'var'")
  }

  static func injectStatic(macro: String) -> MacroMessage {
    .error(
      macro, "static",
      "@\(macro) applies to instance properties: it resolves in the container current when the owner is made"
    )
  }

  static func injectLazy(macro: String) -> MacroMessage {
    .error(macro, "lazy", "@\(macro) property is already resolved on first access; remove 'lazy'")
  }

  static func weakInjectModifier(_ modifier: String) -> MacroMessage {
    .error(
      "WeakInject", "weakModifier",
      "@WeakInject holds the instance weakly already; remove '\(modifier)'")
  }

  static func injectWeakModifier(_ modifier: String) -> MacroMessage {
    .error(
      "Inject", "weakModifier",
      "a '\(modifier)' property cannot be computed; use @WeakInject to hold the dependency weakly")
  }

  static func injectPattern(macro: String) -> MacroMessage {
    .error(macro, "pattern", "@\(macro) applies to a property with a plain name")
  }

  static func injectComputed(macro: String, property: String) -> MacroMessage {
    .error(
      macro, "computed",
      "@\(macro) property '\(property)' cannot have accessors; the macro writes its getter")
  }

  static func injectNoType(macro: String, property: String) -> MacroMessage {
    .error(
      macro, "noType",
      "@\(macro) property '\(property)' needs a type annotation: the type is what it resolves")
  }

  static func injectInitialValue(macro: String, property: String) -> MacroMessage {
    .error(
      macro, "initialValue",
      "@\(macro) property '\(property)' cannot have an initial value; the container provides it")
  }

  static func injectImplicitlyUnwrapped(macro: String, property: String, wrapped: String)
    -> MacroMessage
  {
    .error(
      macro, "implicitlyUnwrapped",
      "@\(macro) property '\(property)' cannot be implicitly unwrapped; declare it '\(wrapped)?'")
  }

  static func weakInjectNotOptional(property: String) -> MacroMessage {
    .error(
      "WeakInject", "weakNotOptional",
      "@WeakInject property '\(property)' must be optional: it reads nil once the instance is released"
    )
  }

  static func injectOptionalKeyPath(macro: String, property: String, wrapped: String)
    -> MacroMessage
  {
    .error(
      macro, "optionalKeyPath",
      "an optional @Inject property resolves a type key, as @OptionalInjected does; declare the key-path property '\(property)' as '\(wrapped)'"
    )
  }
}

// MARK: - @Injectable, @Bind, @InjectableInit, @Named

extension MacroMessage {
  static func injectableNotFinal(macro: String, type: String) -> MacroMessage {
    .error(
      macro, "notFinal",
      "@\(macro) class '\(type)' must be 'final': its factory makes exactly this class")
  }

  static func injectableNotAType(macro: String) -> MacroMessage {
    .error(macro, "notAType", "@\(macro) applies to a class, struct or actor")
  }

  static func injectableGeneric(macro: String, type: String) -> MacroMessage {
    .error(
      macro, "generic",
      "@\(macro) does not support generic types; register '\(type)' with a factory closure for each type argument"
    )
  }

  static func injectableMarkedTwice(macro: String, type: String) -> MacroMessage {
    .error(
      macro, "markedTwice",
      "only one initializer of '\(type)' can be marked @InjectableInit; the container calls one")
  }

  static func injectableAmbiguous(macro: String, type: String, count: Int) -> MacroMessage {
    .error(
      macro, "ambiguousInitializer",
      "'\(type)' has \(count) initializers; mark the one the container calls with @InjectableInit")
  }

  static func injectableFailable(macro: String) -> MacroMessage {
    .error(
      macro, "failable",
      "a failable initializer cannot make a registration; make it throw an error instead of returning nil"
    )
  }

  static func injectableGenericInitializer(macro: String) -> MacroMessage {
    .error(
      macro, "genericInitializer",
      "a generic initializer cannot be resolved; give its parameters concrete types")
  }

  static func namedTwice(macro: String) -> MacroMessage {
    .error(
      macro, "namedTwice", "a parameter takes one @Named; keep the one that names its registration")
  }

  static func namedWithDefault(macro: String) -> MacroMessage {
    .error(
      macro, "namedWithDefault",
      "a parameter with a default value is not resolved, so @Named has no effect; remove the default value to resolve it"
    )
  }

  static func variadicParameter(macro: String) -> MacroMessage {
    .error(macro, "variadic", "a variadic parameter cannot be resolved; take an array instead")
  }

  static func inoutParameter(macro: String) -> MacroMessage {
    .error(macro, "inout", "an 'inout' parameter cannot be resolved; take the value instead")
  }

  static let markerNotOnInitializer = MacroMessage.error(
    "InjectableInit", "notAnInitializer",
    "@InjectableInit marks the initializer of an @Injectable type; remove it here")

  static let markerInExtension = MacroMessage.error(
    "InjectableInit", "outsideInjectable",
    "@Injectable only reads initializers declared in the type's body; move this initializer there")

  static let markerOutsideInjectable = MacroMessage.error(
    "InjectableInit", "outsideInjectable",
    "@InjectableInit marks the initializer an @Injectable type is made with; add @Injectable to the type, or remove @InjectableInit"
  )

  static let bindRepeated = MacroMessage.error(
    "Bind", "duplicate", "this @Bind repeats an earlier one; a type is bound to each key once")

  static func bindInsideGeneric(type: String) -> MacroMessage {
    .error(
      "Bind", "insideGeneric",
      "@Bind cannot bind a type nested in a generic type; move '\(type)' out of it")
  }

  static let bindLocal = MacroMessage.error(
    "Bind", "local",
    "@Bind applies to a type declared at file scope or inside another type, not in a function")
}

// MARK: - @Module, @Provides

extension MacroMessage {
  static let moduleNotAType = MacroMessage.error(
    "Module", "notAType", "@Module applies to a struct, class, enum or actor")

  static let moduleOwnAssemble = MacroMessage.error(
    "Module", "ownAssemble",
    "@Module writes assemble(into:) from the @Provides methods; remove this one, or drop @Module and conform to Assembly yourself"
  )

  static func moduleDuplicateKey(module: String, key: String, earlier: String) -> MacroMessage {
    .error(
      "Module", "duplicateKey",
      "'\(module)' provides \(key) twice (also '\(earlier)'); give one a different name:, or remove one"
    )
  }

  static let providesOutsideModule = MacroMessage.error(
    "Provides", "outsideModule",
    "@Provides methods belong to a @Module type; add @Module to the type that declares it")

  static let providesNotAMethod = MacroMessage.error(
    "Provides", "notAMethod", "@Provides applies to a method of a @Module type")

  static func providesGeneric(method: String) -> MacroMessage {
    .error(
      "Provides", "generic",
      "@Provides method '\(method)' cannot be generic: its return type is the key it registers")
  }

  static func providesNoResult(method: String) -> MacroMessage {
    .error(
      "Provides", "noResult", "@Provides method '\(method)' must return the dependency it provides")
  }

  static func providesOpaqueResult(method: String, constraint: String) -> MacroMessage {
    .error(
      "Provides", "opaqueResult",
      "@Provides method '\(method)' cannot return an opaque type: its return type is the key; return 'any \(constraint)' or a concrete type"
    )
  }

  static func providesMutating(method: String) -> MacroMessage {
    .error(
      "Provides", "mutating",
      "@Provides method '\(method)' cannot be 'mutating': a module provides from an immutable value"
    )
  }
}

// MARK: - @Startup

extension MacroMessage {
  /// An error of `@Startup`, identified by `id`.
  static func startup(_ id: String, _ message: String) -> MacroMessage {
    .error("Startup", id, message)
  }

  static let startupNotAFunction = startup(
    "notAFunction", "@Startup applies to a function declared at file scope, or to a static method")

  static func startupLocal(_ function: String) -> MacroMessage {
    startup(
      "local",
      "@Startup applies to a function declared at file scope or in a type, not inside a function;"
        + " move '\(function)' out of it")
  }

  static let startupInProtocol = startup(
    "inProtocol",
    "a protocol requirement cannot be a start-up hook; put @Startup on a function at file scope or"
      + " on a static method of a type")

  static func startupInsideGeneric(_ function: String) -> MacroMessage {
    startup(
      "insideGeneric",
      "@Startup cannot record a method of a generic type; move '\(function)' to file scope or to a"
        + " type that is not generic")
  }

  static func startupInstanceMethod(_ function: String) -> MacroMessage {
    startup(
      "instanceMethod",
      "an instance method cannot be a start-up hook, which runs with no instance; make"
        + " '\(function)' static")
  }

  static let startupGeneric = startup(
    "generic",
    "a generic function cannot be a start-up hook: nothing could choose its type arguments")

  static func startupParameters(_ function: String) -> MacroMessage {
    startup(
      "parameters",
      "a start-up hook takes no parameter, or one Resolver for what it needs:"
        + " '\(function)(_ r: Resolver)'")
  }

  static func startupResult(_ type: String) -> MacroMessage {
    startup(
      "result",
      "a start-up hook returns nothing, so its result would be lost; remove '-> \(type)'")
  }
}

// MARK: - The catalogue

/// Every diagnostic of the catalogue, rendered with placeholder values (`‹member›`), for the
/// documentation and the tests.
///
/// ```swift
/// for entry in DiagnosticCatalogue.entries { print(entry.id, entry.message) }
/// ```
public enum DiagnosticCatalogue {
  /// One message: its id (`Component.missingMember`), its text and the title of its fix-it.
  ///
  /// ```swift
  /// let entry = DiagnosticCatalogue.entries[0]
  /// print(entry.id, entry.message, entry.fixIt ?? "")
  /// ```
  public struct Entry: Sendable {
    /// The macro and the message's id (`Component.missingMember`): the diagnostic's `MessageID`
    /// has the domain `LoomMacros.Component` and the id `missingMember`.
    ///
    /// ```swift
    /// let ids = Set(DiagnosticCatalogue.entries.map(\.id))
    /// ```
    public let id: String
    /// The message, with placeholders for what it names.
    ///
    /// ```swift
    /// print(DiagnosticCatalogue.entries[0].message)
    /// ```
    public let message: String
    /// The title of the fix-it it offers, if it offers one.
    ///
    /// ```swift
    /// let withFixIts = DiagnosticCatalogue.entries.filter { $0.fixIt != nil }
    /// ```
    public let fixIt: String?

    init(_ message: MacroMessage, fixIt: String? = nil) {
      self.id = message.catalogueID
      self.message = message.message
      self.fixIt = fixIt
    }

    init(id: String, message: String) {
      self.id = id
      self.message = message
      self.fixIt = nil
    }
  }

  private static let member = "‹member›"
  private static let other = "‹other›"
  private static let type = "‹Type›"
  private static let name = "‹name›"
  private static let app = "‹Component›"
  private static let macro = "@Provide"

  /// Every message the macros report, in the order of the documentation.
  ///
  /// ```swift
  /// for entry in DiagnosticCatalogue.entries { print(entry.id, entry.message) }
  /// ```
  public static let entries: [Entry] = [
    // @Component, @Provide, @Child, @Perform
    Entry(.componentOnStruct),
    Entry(.performTarget),
    Entry(.memberTarget(macro: macro)),
    Entry(.outsideComponent(macro: macro)),
    Entry(.outsideComponent(macro: "@Perform")),
    Entry(.memberInExtension(macro: macro)),
    Entry(.provideInModule),
    Entry(.duplicateAttribute(macro: macro), fixIt: FixItTitle.removeSecondAttribute),
    Entry(.memberLet(macro: macro), fixIt: FixItTitle.useVar),
    Entry(.memberStatic(macro: macro), fixIt: FixItTitle.remove("static")),
    Entry(.memberBindings(macro: macro)),
    Entry(.memberType(macro: macro, member: member)),
    Entry(.memberValue(macro: macro, member: member), fixIt: FixItTitle.removeInitialValue),
    Entry(.memberAccessors(macro: macro, member: member)),
    Entry(
      .opaqueMember(macro: macro, member: member, constraint: "‹P›"),
      fixIt: FixItTitle.declareIt("any ‹P›")),
    Entry(
      .implicitlyUnwrappedMember(macro: macro, member: member, wrapped: type),
      fixIt: FixItTitle.declareIt("\(type)?")),
    Entry(.memberOwnership("weak", member: member), fixIt: FixItTitle.remove("weak")),
    Entry(.weakInputNotOptional(member: member), fixIt: FixItTitle.makeIt("\(type)?")),
    Entry(.missingLifetime),
    Entry(.notALifetime("‹expression›")),
    Entry(.notAnEffect("‹expression›")),
    Entry(.storedProperty(name)),
    Entry(.reservedName(name, reason: "_loom")),
    Entry(.generatedName(name, component: app, what: "‹what›")),
    Entry(.generatedTypeReference("Overrides", component: app)),
    Entry(.userInitializer(component: app)),
    Entry(.mainActorAttribute(component: app), fixIt: FixItTitle.useMainActorArgument),
    Entry(.unreadIfConfig(component: app)),
    Entry(.stepNamesAfter(step: name)),
    Entry(.literalArgument("‹argument›")),
    Entry(.parentsNotAnArray(component: app)),
    Entry(.parentNotALiteral(component: app)),
    Entry(.rootWithParents(component: app)),
    Entry(.inputFactory(member: member), fixIt: FixItTitle.removeFactory),
    Entry(.noSource(member: member, type: type), fixIt: FixItTitle.addEmptyWith),
    Entry(.severalSources(member: member), fixIt: FixItTitle.keepFirstSource),
    Entry(
      .childSeveralSources(child: member, other: "with"), fixIt: FixItTitle.removeArgument("with")),
    Entry(.factoryNotAClosure(member: member)),
    Entry(.effectsBesideClosure, fixIt: FixItTitle.removeEffects),
    Entry(
      .closureUndeclaredEffect(member: member, marker: "await", effects: "async"),
      fixIt: FixItTitle.addToSignature("async")),
    Entry(.closureWithoutSignature(member: member, marker: "try", effects: "throws")),
    Entry(.abstractType(member: member, type: type, lifetime: "shared")),
    Entry(.notASource("‹expression›")),
    Entry(.unlabeledParameter("‹reference›")),
    Entry(.childType(child: member, type: type)),
    Entry(.bindingsNotADictionary),
    Entry(.bindingKeyNotALiteral),
    Entry(.withNotAnArray),
    Entry(.notAMemberKeyPath("‹expression›")),
    Entry(
      .keyPathRoot("\\‹Root›.‹member›", root: "‹Root›", component: app, member: member),
      fixIt: FixItTitle.write("\\Self.‹member›")),
    Entry(.closureParameters(member: member)),
    Entry(.closureTypes(member: member, parameters: [name])),
    Entry(.closureWildcard(member: member)),
    Entry(
      .duplicateStep(name, component: app),
      fixIt: nil),
    Entry(.duplicateDependency(name, of: member), fixIt: FixItTitle.removeDuplicate),
    Entry(.duplicateChildInput(name, of: member), fixIt: FixItTitle.removeDuplicate),
    Entry(
      .missingStep(name, component: app, suggestion: "‹closest›"),
      fixIt: FixItTitle.replace(with: "‹closest›")),
    Entry(.stepReference(name, component: app, owner: member)),
    Entry(
      .missingMember(name, component: app, suggestion: "‹closest›", members: []),
      fixIt: FixItTitle.rename(name, to: "‹closest›")),
    Entry(.missingMember(name, component: app, suggestion: nil, members: ["‹a›", "‹b›"])),
    Entry(
      .labelNotAMember(
        name, reference: name, component: app, factory: "{ (‹closest›: ‹Type›) in ‹call› }")),
    Entry(
      .deferredAsync(deferral: "Lazy", type: type, target: other, member: member),
      fixIt: FixItTitle.takeDirectlyAndMakeAsync(other, member: member)),
    Entry(
      .undeclaredEffects(
        member: member, effects: "synchronous", target: other, targetEffects: "asynchronous",
        missing: "async"),
      fixIt: FixItTitle.declare(member, "async")),
    Entry(.genericOnce(member: member, component: app), fixIt: FixItTitle.makeShared(member)),
    Entry(
      .onceCaptive(member: member, component: app, target: other, targetLifetime: "input"),
      fixIt: FixItTitle.makeShared(member)),
    Entry(
      .onceCaptive(member: member, component: app, target: other, targetLifetime: "shared"),
      fixIt: FixItTitle.makeShared(member)),
    Entry(.cycle(["‹a›", "‹b›", "‹a›"])),
    Entry(.stepCycle(["‹a›", "‹b›", "‹a›"]), fixIt: FixItTitle.removeAfter("‹b›")),
    // @Inject, @WeakInject
    Entry(
      .injectNotAProperty(macro: "Inject", onInitializer: true),
      fixIt: FixItTitle.useInjectableInit),
    Entry(.injectLet(macro: "Inject"), fixIt: FixItTitle.useVar),
    Entry(.injectStatic(macro: "Inject"), fixIt: FixItTitle.remove("static")),
    Entry(.injectLazy(macro: "Inject"), fixIt: FixItTitle.remove("lazy")),
    Entry(.injectWeakModifier("weak"), fixIt: FixItTitle.useWeakInject),
    Entry(.weakInjectModifier("weak"), fixIt: FixItTitle.remove("weak")),
    Entry(.injectPattern(macro: "Inject")),
    Entry(.injectComputed(macro: "Inject", property: member)),
    Entry(.injectNoType(macro: "Inject", property: member)),
    Entry(
      .injectInitialValue(macro: "Inject", property: member),
      fixIt: FixItTitle.removeInitialValue),
    Entry(
      .injectImplicitlyUnwrapped(macro: "Inject", property: member, wrapped: type),
      fixIt: FixItTitle.declareIt("\(type)?")),
    Entry(.weakInjectNotOptional(property: member), fixIt: FixItTitle.makeIt("\(type)?")),
    Entry(
      .injectOptionalKeyPath(macro: "Inject", property: member, wrapped: type),
      fixIt: FixItTitle.declareIt(type)),
    // @Injectable, @Bind, @InjectableInit, @Named
    Entry(.injectableNotFinal(macro: "Injectable", type: type), fixIt: FixItTitle.addFinal),
    Entry(.injectableNotAType(macro: "Injectable")),
    Entry(.injectableGeneric(macro: "Injectable", type: type)),
    Entry(
      .injectableMarkedTwice(macro: "Injectable", type: type),
      fixIt: FixItTitle.removeThis("InjectableInit")),
    Entry(
      .injectableAmbiguous(macro: "Injectable", type: type, count: 2),
      fixIt: FixItTitle.markInitializer("init(‹labels›)")),
    Entry(.injectableFailable(macro: "Injectable")),
    Entry(.injectableGenericInitializer(macro: "Injectable")),
    Entry(.namedTwice(macro: "Injectable"), fixIt: FixItTitle.removeThis("Named")),
    Entry(.namedWithDefault(macro: "Injectable"), fixIt: FixItTitle.removeDefaultValue),
    Entry(.variadicParameter(macro: "Injectable")),
    Entry(.inoutParameter(macro: "Injectable")),
    Entry(.markerNotOnInitializer),
    Entry(.markerOutsideInjectable),
    Entry(.markerInExtension),
    Entry(.bindRepeated, fixIt: FixItTitle.removeRepeatedBind),
    Entry(.bindInsideGeneric(type: type)),
    Entry(.bindLocal),
    // @Startup
    Entry(.startupNotAFunction),
    Entry(.startupLocal(name)),
    Entry(.startupInProtocol),
    Entry(.startupInsideGeneric(name)),
    Entry(.startupInstanceMethod(name), fixIt: FixItTitle.makeItStatic),
    Entry(.startupGeneric),
    Entry(.startupParameters(name)),
    Entry(.startupResult(type), fixIt: FixItTitle.removeResultType),
    // @Module, @Provides
    Entry(.moduleNotAType),
    Entry(.moduleOwnAssemble),
    Entry(.moduleDuplicateKey(module: type, key: "‹key›", earlier: name)),
    Entry(.providesOutsideModule),
    Entry(.providesNotAMethod),
    Entry(.providesGeneric(method: name)),
    Entry(.providesNoResult(method: name)),
    Entry(
      .providesOpaqueResult(method: name, constraint: "‹P›"), fixIt: FixItTitle.returnAny("‹P›")),
    Entry(.providesMutating(method: name), fixIt: FixItTitle.remove("mutating")),
  ]

  /// The messages the compiler shows for LoomMacros' `_MemberSource` (an initializer or function
  /// reference whose effects its member does not declare), written in LoomMacros itself: the
  /// compiler reports them in the expansion of the member's `@Provide`.
  ///
  /// ```swift
  /// let texts = DiagnosticCatalogue.compilerMessages.map(\.message)
  /// ```
  public static let compilerMessages: [Entry] = [
    Entry(
      id: "_MemberSource.async",
      message:
        "this initializer or function is asynchronous: declare it on the member with `effects: .async`"
    ),
    Entry(
      id: "_MemberSource.throwing",
      message:
        "this initializer or function throws: declare it on the member with `effects: .throwing`"),
    Entry(
      id: "_MemberSource.asyncThrowing",
      message:
        "this initializer or function is asynchronous and throws: declare it on the member with `effects: [.async, .throwing]`"
    ),
    Entry(
      id: "_MemberSource.addThrowing",
      message:
        "this initializer or function throws: declare it on the member with `effects: [.async, .throwing]`"
    ),
    Entry(
      id: "_MemberSource.addAsync",
      message:
        "this initializer or function is asynchronous: declare it on the member with `effects: [.async, .throwing]`"
    ),
  ]
}

/// The titles of the fix-its the macros offer.
enum FixItTitle {
  static let removeSecondAttribute = "remove the second attribute"
  static let useVar = "replace 'let' with 'var'"
  static let addEmptyWith = "add `with: []`"
  static func write(_ text: String) -> String { "write \(text)" }
  static let useMainActorArgument = "write mainActor: true instead of @MainActor"
  static func remove(_ keyword: String) -> String { "remove '\(keyword)'" }
  static let removeInitialValue = "remove the initial value"
  static let removeFactory = "remove the factory"
  static let keepFirstSource = "keep the first source"
  static func removeArgument(_ label: String) -> String { "remove `\(label):`" }
  static let removeEffects = "remove 'effects:'"
  static func addToSignature(_ effects: String) -> String {
    "add '\(effects)' to the closure's signature"
  }
  static let removeDuplicate = "remove the duplicate"
  static func replace(with name: String) -> String { "replace with '\(name)'" }
  static func rename(_ name: String, to suggestion: String) -> String {
    "rename '\(name)' to '\(suggestion)'"
  }
  static func takeDirectly(_ target: String) -> String { "take '\(target)' directly" }
  static func takeDirectlyAndMakeAsync(_ target: String, member: String) -> String {
    "take '\(target)' directly and make '\(member)' async"
  }
  static func declare(_ member: String, _ effects: String) -> String {
    "declare '\(member)' \(effects)"
  }
  static func makeShared(_ member: String) -> String { "make '\(member)' .shared" }
  static func removeAfter(_ step: String) -> String { "remove '\(step)' from `after:`" }
  static let useInjectableInit = "use @InjectableInit"
  static let useWeakInject = "use @WeakInject"
  static func declareIt(_ type: String) -> String { "declare it '\(type)'" }
  static func makeIt(_ type: String) -> String { "make it '\(type)'" }
  static let addFinal = "add 'final'"
  static func removeThis(_ attribute: String) -> String { "remove this @\(attribute)" }
  static func markInitializer(_ signature: String) -> String {
    "mark \(signature) with @InjectableInit"
  }
  static let removeDefaultValue = "remove the default value"
  static let removeRepeatedBind = "remove the repeated @Bind"
  static func returnAny(_ constraint: String) -> String { "return 'any \(constraint)'" }
  static let makeItStatic = "make it static"
  static let removeResultType = "remove the result type"
}
