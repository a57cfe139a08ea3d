import LoomMacrosImplementation
import Testing

@Suite struct InjectMacroTests {
  @Test func injectTurnsThePropertyIntoAGetterOverALetStorage() {
    let result = expand(
      """
      final class ProfileModel: Sendable {
        @Inject var api: any APIClient
      }
      """)
    #expect(result.diagnostics == [])
    #expect(
      result.source == """
        final class ProfileModel: Sendable {
          var api: any APIClient {
            get {
              _api.wrappedValue
            }
          }

          private let _api = Loom.Injected<any APIClient>(fileID: "TestModule/test.swift", line: 2)
        }
        """)
  }

  @Test func injectOnALetIsAnErrorWithAFixIt() {
    let result = expand(
      """
      final class ProfileModel: Sendable {
        @Inject let api: any APIClient
      }
      """)
    #expect(
      result.diagnostics == [
        "2:11: error: @Inject property must be declared with 'var'; its value is read through an accessor"
      ])
    #expect(result.fixIts == ["replace 'let' with 'var'"])
    #expect(
      result.fixedSources == [
        """
        final class ProfileModel: Sendable {
          @Inject var api: any APIClient
        }
        """
      ])
  }
}
