import Loom
import LoomAssembly

/// `loom-demo validate [--broken]`: validates the app's graph and its feature containers; with
/// `--broken`, installs ``BrokenWiringAssembly`` too (a missing dependency, a cycle and a captive
/// lifetime) and exits non-zero with the report.
enum ValidateCommand {
  /// The result of validating the app: its container's report, and what each feature adds.
  struct Validation {
    /// The report of the app container.
    let app: ValidationReport
    /// For each feature, the problems that involve a key the feature registers itself (those of
    /// the app container's keys alone are in ``app`` already).
    let features: [(name: String, problems: [GraphProblem])]

    /// Whether neither the app nor a feature has a problem.
    var isValid: Bool { app.isValid && features.allSatisfy(\.problems.isEmpty) }
  }

  /// Runs the command, writing the report to `output`; returns 0 if there is no problem, else 1.
  static func run(broken: Bool, environment: AppEnvironment, output: Console) -> Int32 {
    let validation = validate(environment, broken: broken)
    output.block("\(validation.app)")
    for feature in validation.features {
      let count = feature.problems.count
      let summary = count == 0 ? "no problems of its own" : "\(count) problems of its own"
      output.line("\nFeature \(feature.name): \(summary)")
      for problem in feature.problems { output.block("\n\(problem)") }
    }
    return validation.isValid ? DemoCommandLine.success : DemoCommandLine.failure
  }

  /// Installs the app (and, if `broken`, ``BrokenWiringAssembly``), then validates the app
  /// container and the Settings feature's.
  static func validate(_ environment: AppEnvironment, broken: Bool) -> Validation {
    let container = Wiring.makeContainer(environment, console: .discarding)
    if broken { container.install { BrokenWiringAssembly() } }
    var features: [(name: String, problems: [GraphProblem])] = []
    if let settings = container.makeFeature(SettingsAssembly.feature) {
      features.append((SettingsAssembly.feature, ownProblems(of: settings)))
    }
    return Validation(app: container.validate(), features: features)
  }

  /// The problems of a child container's graph that involve one of the child's own keys; a
  /// child's graph includes its ancestors', whose problems are reported with them.
  private static func ownProblems(of child: Container) -> [GraphProblem] {
    let graph = child.graph
    let own = Set(graph.nodes.filter { $0.containerDepth == 0 }.map(\.key))
    return graph.validate().problems.filter { problem in
      ([problem.key] + problem.path + problem.neededBy).contains(where: own.contains)
    }
  }
}
