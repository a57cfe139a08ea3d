import LoomMacros

// A component large enough that the generator splits its cells and lists into helpers (more
// than 64 stored members, more than 32 items): the behaviour tests check that the split code
// wires, overrides and resolves as the small one does.

/// Holds the member it is built from.
final class Wrapper: Sendable {
  let inner: Heavy

  init(inner: Heavy) {
    self.inner = inner
  }
}

@Component
struct LargeComponent {
  @Provide(.shared, with: []) var m0: Heavy
  @Provide(.shared, with: []) var m1: Heavy
  @Provide(.shared, with: []) var m2: Heavy
  @Provide(.shared, with: []) var m3: Heavy
  @Provide(.shared, with: []) var m4: Heavy
  @Provide(.shared, with: []) var m5: Heavy
  @Provide(.shared, with: []) var m6: Heavy
  @Provide(.shared, with: []) var m7: Heavy
  @Provide(.shared, with: []) var m8: Heavy
  @Provide(.shared, with: []) var m9: Heavy
  @Provide(.shared, with: []) var m10: Heavy
  @Provide(.shared, with: []) var m11: Heavy
  @Provide(.shared, with: []) var m12: Heavy
  @Provide(.shared, with: []) var m13: Heavy
  @Provide(.shared, with: []) var m14: Heavy
  @Provide(.shared, with: []) var m15: Heavy
  @Provide(.shared, with: []) var m16: Heavy
  @Provide(.shared, with: []) var m17: Heavy
  @Provide(.shared, with: []) var m18: Heavy
  @Provide(.shared, with: []) var m19: Heavy
  @Provide(.shared, with: []) var m20: Heavy
  @Provide(.shared, with: []) var m21: Heavy
  @Provide(.shared, with: []) var m22: Heavy
  @Provide(.shared, with: []) var m23: Heavy
  @Provide(.shared, with: []) var m24: Heavy
  @Provide(.shared, with: []) var m25: Heavy
  @Provide(.shared, with: []) var m26: Heavy
  @Provide(.shared, with: []) var m27: Heavy
  @Provide(.shared, with: []) var m28: Heavy
  @Provide(.shared, with: []) var m29: Heavy
  @Provide(.shared, with: []) var m30: Heavy
  @Provide(.shared, with: []) var m31: Heavy
  @Provide(.shared, with: []) var m32: Heavy
  @Provide(.shared, with: []) var m33: Heavy
  @Provide(.shared, with: []) var m34: Heavy
  @Provide(.shared, with: []) var m35: Heavy
  @Provide(.shared, with: []) var m36: Heavy
  @Provide(.shared, with: []) var m37: Heavy
  @Provide(.shared, with: []) var m38: Heavy
  @Provide(.shared, with: []) var m39: Heavy
  @Provide(.shared, with: []) var m40: Heavy
  @Provide(.shared, with: []) var m41: Heavy
  @Provide(.shared, with: []) var m42: Heavy
  @Provide(.shared, with: []) var m43: Heavy
  @Provide(.shared, with: []) var m44: Heavy
  @Provide(.shared, with: []) var m45: Heavy
  @Provide(.shared, with: []) var m46: Heavy
  @Provide(.shared, with: []) var m47: Heavy
  @Provide(.shared, with: []) var m48: Heavy
  @Provide(.shared, with: []) var m49: Heavy
  @Provide(.shared, with: []) var m50: Heavy
  @Provide(.shared, with: []) var m51: Heavy
  @Provide(.shared, with: []) var m52: Heavy
  @Provide(.shared, with: []) var m53: Heavy
  @Provide(.shared, with: []) var m54: Heavy
  @Provide(.shared, with: []) var m55: Heavy
  @Provide(.shared, with: []) var m56: Heavy
  @Provide(.shared, with: []) var m57: Heavy
  @Provide(.shared, with: []) var m58: Heavy
  @Provide(.shared, with: []) var m59: Heavy
  @Provide(.shared, with: []) var m60: Heavy
  @Provide(.shared, with: []) var m61: Heavy
  @Provide(.shared, with: []) var m62: Heavy
  @Provide(.shared, with: []) var m63: Heavy
  @Provide(.shared, with: []) var m64: Heavy
  @Provide(.shared, factory: { (m0: Heavy) in Wrapper(inner: m0) }) var low: Wrapper
  @Provide(.shared, factory: { (m64: Heavy) in Wrapper(inner: m64) }) var top: Wrapper
  @Provide(.transient, factory: { (top: Wrapper) in Wrapper(inner: top.inner) }) var fresh: Wrapper
  @Provide(.input) var label: String
}
