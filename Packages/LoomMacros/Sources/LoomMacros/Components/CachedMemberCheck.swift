/// Where Swift checks that a cached member of a ``Component`` is `Sendable`, at the member's line.
/// Only generated code calls it; it does nothing.
///
/// A cached member (`.shared`, `.lazy`, `.once`) is kept by the component and read from any
/// isolation, so its type must be `Sendable`. The macro cannot tell whether a type is; Swift can.
/// `@Component` calls this function with each such member's type, after a `#sourceLocation` of the
/// member's line, in a function it never calls: a type that is not `Sendable` is reported there,
/// in the user's file ("type 'ImageCache' does not conform to the 'Sendable' protocol"), with the
/// comments around the call, which Swift prints with the error: why, and the ways out (make the
/// type `Sendable` or isolate it to a global actor; make the member `.transient`; or use
/// `@Component(mainActor: true)`). The component's cells and overrides name the type too, so Swift
/// reports it again in `@Component`'s expansion: naming it through a protocol instead would make
/// the first error the only one, but made a component's compile time a third longer (issue 31's
/// note has the figures).
///
/// ```swift
/// private static func _loomCheckSendable() {
///   // 'cache' is kept by the component and read from any isolation, so ImageCache must be Sendable.
///   #sourceLocation(file: "/App/AppComponent.swift", line: 9)
///   LoomMacros::_checkCachedMember(ImageCache.self)
///   // To fix, make ImageCache Sendable (...), make 'cache' .transient, or use @Component(mainActor: true).
///   #sourceLocation()
/// }
/// ```
///
/// - Parameter type: The member's type.
@_documentation(visibility: private)
@inlinable
public func _checkCachedMember<Value: Sendable>(_ type: Value.Type) {}
