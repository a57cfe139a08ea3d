import Loom

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `swift run loom-demo [--debug] [graph [--format mermaid|dot|text] [--features] | validate
// [--broken]]`. Without a command it tells the demo app's story: the assemblies are listed in
// App/Wiring.swift, each numbered part of the output is one file in Sections/, and the commands
// are in Commands/. `--debug` (or `LOOM_DEMO_DEBUG=1`) installs the debug wiring.

var variables: [String: String] = [:]
if let value = getenv(AppEnvironment.variable) {
  variables[AppEnvironment.variable] = String(cString: value)
}
let allArguments = Array(CommandLine.arguments.dropFirst())
let environment = AppEnvironment(arguments: allArguments, variables: variables)
let arguments = allArguments.filter { $0 != AppEnvironment.flag }

switch arguments.first {
case nil:
  StoryCommand.run(environment: environment)
case "graph":
  exit(GraphCommand.run(arguments: Array(arguments.dropFirst()), environment: environment))
case "validate":
  exit(ValidateCommand.run(arguments: Array(arguments.dropFirst()), environment: environment))
default:
  print(
    "usage: loom-demo [--debug] [graph [--format mermaid|dot|text] [--features]"
      + " | validate [--broken]]")
  exit(2)
}
