import Foundation

// `swift run loom-demo --help` lists the commands. Without a command the demo tells the app's
// story: the assemblies are listed in App/Wiring.swift, each numbered part of the output is one
// file in Sections/, the commands are in Commands/ and the command line is parsed in
// CommandLine/.

exit(
  DemoCommandLine.run(
    Array(CommandLine.arguments.dropFirst()), variables: ProcessInfo.processInfo.environment,
    output: .standardOutput, errors: .standardError))
