import Loom

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `swift run loom-demo [graph [--format mermaid|dot|text] | validate [--broken]]`.
// Without a command it tells the demo app's story: wiring in App/Wiring.swift, each numbered part
// of the output one file in Sections/. The commands are in Commands/.

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil:
  StoryCommand.run()
case "graph":
  exit(GraphCommand.run(arguments: Array(arguments.dropFirst())))
case "validate":
  exit(ValidateCommand.run(arguments: Array(arguments.dropFirst())))
default:
  print("usage: loom-demo [graph [--format mermaid|dot|text] | validate [--broken]]")
  exit(2)
}
