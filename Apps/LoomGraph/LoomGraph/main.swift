import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// loom-graph: see `GraphToolOptions.help`, or run `loom-graph --help`.
let run = GraphTool.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
FileHandle.standardOutput.write(Data(run.output.utf8))
FileHandle.standardError.write(Data(run.errors.utf8))
exit(run.status)
