// NB: this file imports LoomTesting and not Loom, on purpose: it proves that LoomTesting's
// `withOverrides` forwards still reach the core's function for code that imports only the kit.
// What it cannot name without Loom, it asks of the helpers in Support/ForwardingProbes.swift.
import LoomTesting
import Testing

@Suite struct ForwardedOverrideTests {
  @Test func theSyncFormIsReachableWithoutImportingLoom() async {
    let probe = await withAppWiringCurrent {
      withOverrides {
        registerMockAPIClient(in: $0)
      } operation: {
        currentAPIClientProbe()
      }
    }

    #expect(probe.name == "forwarded")
    #expect(probe.isIsolatedChildOfBase)
  }

  @Test func theAsyncFormIsReachableWithoutImportingLoom() async {
    let probe = await withAppWiringCurrent {
      await withOverrides {
        registerMockAPIClient(in: $0)
      } operation: {
        await Task.yield()
        return currentAPIClientProbe()
      }
    }

    #expect(probe.name == "forwarded")
    #expect(probe.isIsolatedChildOfBase)
  }
}
