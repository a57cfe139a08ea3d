import Loom

// `swift run loom-demo`: wires a small app with Loom, uses it, shows what the container built, and
// shows what broken wiring reports. Registrations are in App/Wiring.swift; each numbered step of
// the output is one file in Sections/.

let container = Container()
Wiring.register(in: container)

// Every resolve through this container (or a child of it) is reported to the observer.
let observer = container.onResolve(ResolutionLog.record)

// `@Injected` properties capture `Container.current` when their owner is made. Objects built by a
// factory capture the container that builds them; the sections also make objects themselves, so
// the app runs with this container current (an app using `Container.default` needs no such call).
container.withCurrent {
  ResolveGraphSection.run(in: container)
  UseAppSection.run(in: container)
}

observer.cancel()
InspectSection.run(in: container)
BrokenWiringSection.run(in: container)
