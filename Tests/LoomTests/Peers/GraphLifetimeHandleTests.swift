import Dispatch
import LoomTestSupport
import Testing

@_spi(LoomInternals) @testable import Loom

/// Swinject's object graph across deferred handles: a `Lazy` made while a resolve runs resolves
/// later in that resolve's graph (Swinject's `currentObjectGraph` kept by the handle and restored
/// around its resolve), so it finds the `.graph` instances that are still held and adds the ones it
/// makes; a `Provider` starts a new graph on each call, as Swinject's does. Named after Swinject's
/// `LazyTests`, `ProviderTests` and `ContainerTests.GraphCaching`.
@Suite struct GraphLifetimeHandleTests {
  // MARK: - Fixtures (Swinject's employment assembly, in Loom's spelling)

  final class Customer: Sendable {
    init() {}
  }

  final class Employee: Sendable {
    let customer: Customer
    let lazyCustomer: Lazy<Customer>
    let providedCustomer: Provider<Customer>
    private let employerReference = Lock(WeakReference<Employer>())

    init(customer: Customer, lazyCustomer: Lazy<Customer>, providedCustomer: Provider<Customer>) {
      self.customer = customer
      self.lazyCustomer = lazyCustomer
      self.providedCustomer = providedCustomer
    }

    var employer: Employer? {
      get { employerReference.withLock { $0.object } }
      set { employerReference.withLock { $0.object = newValue } }
    }
  }

  final class Employer: Sendable {
    let customer: Customer
    let lazyCustomer: Lazy<Customer>
    let employee: Employee
    let lazyEmployee: Lazy<Employee>
    let providedEmployee: Provider<Employee>

    init(
      customer: Customer, lazyCustomer: Lazy<Customer>, employee: Employee,
      lazyEmployee: Lazy<Employee>, providedEmployee: Provider<Employee>
    ) {
      self.customer = customer
      self.lazyCustomer = lazyCustomer
      self.employee = employee
      self.lazyEmployee = lazyEmployee
      self.providedEmployee = providedEmployee
    }
  }

  struct WeakReference<Object: AnyObject & Sendable>: Sendable {
    weak var object: Object?
  }

  /// Registers the three types with `lifetime`; an employee's completion points it back at the
  /// employer of its graph (Swinject's `initCompleted`), except for transients, where it would be
  /// a cycle.
  func employment(_ lifetime: Lifetime, customersMade: Counter = Counter()) -> Container {
    let container = Container()
    container.register(Customer.self, lifetime: lifetime) { _ in
      customersMade.increment()
      return Customer()
    }
    let employee = container.register(Employee.self, lifetime: lifetime) { r in
      Employee(customer: try r.tryResolve(), lazyCustomer: r.lazy(), providedCustomer: r.provider())
    }
    if lifetime != .transient {
      employee.onCreated(dependencies: [DependencyKey(Employer.self)]) { r, employee in
        employee.employer = try r.tryResolve(Employer.self)
      }
    }
    container.register(Employer.self, lifetime: lifetime) { r in
      Employer(
        customer: try r.tryResolve(), lazyCustomer: r.lazy(), employee: try r.tryResolve(),
        lazyEmployee: r.lazy(), providedEmployee: r.provider())
    }
    return container
  }

  // MARK: - Lazy (Swinject's LazyTests)

  @Test func lazyInGraphScopeResolvesTheSameInstanceAsItsRelatedObjects() throws {
    let container = employment(.graph)
    let employer = try container.tryResolve(Employer.self)
    #expect(try employer.lazyCustomer.get() === employer.customer)
    #expect(try employer.employee.lazyCustomer.get() === employer.customer)
  }

  @Test func lazyInTransientScopeResolvesANewInstance() throws {
    let container = employment(.transient)
    let employer = try container.tryResolve(Employer.self)
    #expect(try employer.lazyCustomer.get() !== employer.customer)
    #expect(try employer.lazyCustomer.get() !== employer.employee.lazyCustomer.get())
  }

  @Test func lazyInGraphScopeResolvesCircularDependenciesToTheSameInstance() throws {
    let container = employment(.graph)
    let employer = try container.tryResolve(Employer.self)
    #expect(employer.employee.employer === employer)
    let lazyEmployee = try employer.lazyEmployee.get()
    #expect(lazyEmployee === employer.employee)
    #expect(lazyEmployee.employer === employer)
  }

  @Test func lazyResolvedAtTheTopLevelResolvesCircularDependencies() throws {
    let container = employment(.graph)
    let lazy = try container.tryResolve(Lazy<Employer>.self)
    #expect(!lazy.isResolved)
    let employer = try lazy.get()
    #expect(employer.employee.employer === employer)
    #expect(try employer.lazyEmployee.get() === employer.employee)
  }

  @Test func newGraphInstancesMadeThroughALazyJoinItsGraph() throws {
    struct Report: Sendable { let customer: Customer }
    final class Desk: Sendable {
      let customer: Lazy<Customer>
      let report: Lazy<Report>
      init(customer: Lazy<Customer>, report: Lazy<Report>) {
        self.customer = customer
        self.report = report
      }
    }
    let made = Counter()
    let container = Container()
    container.register(Customer.self, lifetime: .graph) { _ in
      made.increment()
      return Customer()
    }
    container.register(Report.init)
    container.register(Desk.init)
    let desk = try container.tryResolve(Desk.self)
    #expect(made.value == 0)
    let customer = try desk.customer.get()
    // Made by the first handle's resolve, which joined the graph: the second finds it there.
    #expect(try desk.report.get().customer === customer)
    #expect(made.value == 1)
  }

  @Test func aLazyUsedInAnotherResolveResolvesInItsOwnGraphThenGivesTheOtherBack() throws {
    struct Visit: Sendable {
      let fromLazy: Customer
      let before: Customer
      let after: Customer
    }
    let container = employment(.graph)
    let employer = try container.tryResolve(Employer.self)
    container.register(Visit.self) { r in
      let before = try r.tryResolve(Customer.self)
      let fromLazy = try employer.lazyCustomer.get()
      return Visit(fromLazy: fromLazy, before: before, after: try r.tryResolve(Customer.self))
    }
    let visit = try container.tryResolve(Visit.self)
    #expect(visit.fromLazy === employer.customer)
    #expect(visit.before !== employer.customer)
    #expect(visit.after === visit.before)
  }

  @Test func aLazyMadeOutsideAnyResolveStartsANewGraph() throws {
    let container = employment(.graph)
    let first = try container.lazy(Employer.self).get()
    let second = try container.lazy(Employer.self).get()
    #expect(first !== second)
    #expect(first.customer !== second.customer)
  }

  @Test func aLazyMadeInAnAsynchronousResolveResolvesInItsGraph() async throws {
    final class Screen: Sendable {
      let customer: Customer
      let lazyCustomer: Lazy<Customer>
      init(customer: Customer, lazyCustomer: Lazy<Customer>) {
        self.customer = customer
        self.lazyCustomer = lazyCustomer
      }
    }
    let container = Container()
    container.register(Customer.self, lifetime: .graph) { _ in Customer() }
    container.register(Screen.self) { r async throws in
      Screen(customer: try r.tryResolve(), lazyCustomer: r.lazy())
    }
    let screen = try await container.tryResolveAsync(Screen.self)
    #expect(try screen.lazyCustomer.get() === screen.customer)
  }

  // MARK: - Provider (Swinject's ProviderTests)

  @Test func providerInGraphScopeResolvesANewGraphOnEachCall() throws {
    let container = employment(.graph)
    let employer = try container.tryResolve(Employer.self)
    #expect(try employer.providedEmployee.get() !== employer.providedEmployee.get())
    #expect(try employer.employee.providedCustomer.get() !== employer.customer)
  }

  @Test func providerInGraphScopeResolvesProvidedDependenciesToDifferentInstances() throws {
    let container = employment(.graph)
    let employer = try container.tryResolve(Employer.self)
    let provided = try employer.providedEmployee.get()
    #expect(provided !== employer.employee)
    #expect(provided.employer !== employer)
    #expect(provided.customer !== employer.customer)
  }

  // MARK: - The graph as a value (Swinject's ContainerTests.GraphCaching)

  @Test func restoringAGraphThroughALazyServesItsInstancesIfAvailable() throws {
    let graph = Lock<Lazy<Customer>?>(nil)
    let container = Container()
    container.register(Customer.self, lifetime: .graph) { r in
      graph.withLock { $0 = r.lazy(Customer.self) }
      return Customer()
    }
    let first = try container.tryResolve(Customer.self)
    let second = try container.tryResolve(Customer.self)
    #expect(first !== second)
    let restored = try #require(graph.withLock { $0 })
    // The last resolve's graph: its instance, which the test still holds.
    #expect(try restored.get() === second)
  }

  // MARK: - Memory

  @Test func aGraphInstanceHoldingALazyOfItsOwnGraphIsFreed() throws {
    let container = employment(.graph)
    var employer: WeakReference<Employer> = WeakReference()
    var customer: WeakReference<Customer> = WeakReference()
    do {
      let resolved = try container.tryResolve(Employer.self)
      _ = try resolved.employee.lazyCustomer.get()
      employer.object = resolved
      customer.object = resolved.customer
    }
    #expect(employer.object == nil)
    #expect(customer.object == nil)
  }

  @Test func aGraphsInstancesAreFreedWhileALazyOfTheGraphIsHeldAndMadeAgainOnUse() throws {
    let made = Counter()
    let container = employment(.graph, customersMade: made)
    let lazy: Lazy<Customer>
    var customer: WeakReference<Customer> = WeakReference()
    do {
      let employer = try container.tryResolve(Employer.self)
      lazy = employer.lazyCustomer
      customer.object = employer.customer
    }
    #expect(customer.object == nil)
    #expect(made.value == 1)
    _ = try lazy.get()
    #expect(made.value == 2)
  }

  // MARK: - Sendable and threads

  @Test func aGraphInstanceThatIsNotSendableStaysInTheResolveThatMadeIt() throws {
    final class Draft {}
    final class Editor {
      let draft: Draft
      let lazyDraft: Lazy<Draft>
      init(draft: Draft, lazyDraft: Lazy<Draft>) {
        self.draft = draft
        self.lazyDraft = lazyDraft
      }
    }
    let container = Container()
    container.register(Draft.self, lifetime: .graph) { _ in Draft() }
    container.register(Editor.self) { r in
      Editor(draft: try r.tryResolve(), lazyDraft: r.lazy())
    }
    let editor = try container.tryResolve(Editor.self)
    #expect(try editor.lazyDraft.get() !== editor.draft)
  }

  @Test func lazyHandlesOfOneGraphUsedOnSeveralThreadsShareOneNewInstance() async throws {
    final class Team: Sendable {
      let members: [Lazy<Customer>]
      init(members: [Lazy<Customer>]) { self.members = members }
    }
    let made = Counter()
    let container = Container()
    container.register(Customer.self, lifetime: .graph) { _ in
      made.increment()
      pause(milliseconds: 5)
      return Customer()
    }
    container.register(Team.self) { r in Team(members: (0..<4).map { _ in r.lazy() }) }
    for _ in 0..<10 {
      let team = try container.tryResolve(Team.self)
      let seen = Lock<[ObjectIdentifier]>([])
      let finished = await onThreads(count: team.members.count, timeout: .seconds(10)) { index in
        if let customer = try? team.members[index].get() {
          seen.append(ObjectIdentifier(customer))
        }
      }
      #expect(finished)
      #expect(seen.value.count == team.members.count)
      #expect(Set(seen.value).count == 1)
    }
  }
}
