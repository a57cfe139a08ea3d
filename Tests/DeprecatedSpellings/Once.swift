// Loom 0.1.0's once-cell spellings, which 0.2 keeps compiling with a deprecation warning.
// Scripts/deprecations-check.sh type-checks this file: every line that ends with the marker
// `expect: deprecated` must get a deprecation warning, and nothing else may get a diagnostic.
import Loom

func onceCellsOf010() async throws {
  let sync = Once { 1 }
  _ = try sync()  // expect: deprecated
  _ = try sync.value  // expect: deprecated

  let infallible = InfallibleOnce { 2 }  // expect: deprecated
  _ = infallible()
  _ = infallible.value

  let asynchronous = AsyncOnce { () async throws in 3 }  // expect: deprecated
  _ = try await asynchronous()
  _ = try await asynchronous.value
  _ = asynchronous.isComputed

  let keeping = AsyncOnceKeepingFailure { () async throws in 4 }  // expect: deprecated
  _ = try await keeping.get()

  let asyncInfallible = AsyncInfallibleOnce { () async in 5 }  // expect: deprecated
  _ = await asyncInfallible()

  do {
    _ = try sync.get()
  } catch OnceError.recursiveEvaluation {  // expect: deprecated
  }
}
