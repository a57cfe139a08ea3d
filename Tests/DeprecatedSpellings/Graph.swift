// Loom 0.1.0's initializers of the values only Loom makes (graphs, validation reports, errors),
// which 0.2 keeps compiling with a deprecation warning (Scripts/deprecations-check.sh).
import Loom

func graphValuesOf010() -> String {
  let database = DependencyKey(typeNamed: "Database")  // expect: deprecated
  let api = DependencyKey(keyPathNamed: "api")  // expect: deprecated
  let node = DependencyGraph.Node(key: database, lifetime: .singleton)  // expect: deprecated
  let edge = DependencyGraph.Edge(from: database, to: api)  // expect: deprecated
  let graph = DependencyGraph(nodes: [node], edges: [edge])  // expect: deprecated
  let cluster = DependencyGraph.Cluster(title: "App", graph: graph)  // expect: deprecated
  return DependencyGraph.export([cluster], as: .mermaid)  // expect: deprecated
}

func reportsOf010(_ key: DependencyKey) -> [any Error] {
  let problem = GraphProblem(  // expect: deprecated
    code: .missing, key: key, path: [key], summary: "no registration", hint: "register it.")
  let report = ValidationReport(problems: [problem])  // expect: deprecated
  let invalid = GraphValidationError(report: report)  // expect: deprecated
  let resolution = ResolutionError(  // expect: deprecated
    code: .notRegistered, key: key, chain: [key], summary: "no registration", hint: "register it.")
  let failure = BootstrapError.Failure(name: "migrate", error: resolution)  // expect: deprecated
  return [invalid, resolution, failure.error ?? resolution]
}
