#if LOOM_TOOLCHAIN_SYNTAX
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
  @_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

  /// A failure of the plugin itself, reported to the compiler as the message of a thrown error.
  struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The message channel to the compiler.
  ///
  /// Wire format, both ways: an 8-byte little-endian payload length, then that many bytes of
  /// UTF-8 JSON. A zero length (which Swift 6.3 hosts send before they close the pipe) or EOF ends
  /// the session. Standard input and output are moved out of the way first, so that a stray
  /// `print` in macro code goes to standard error (which the compiler relays) instead of
  /// corrupting the message stream.
  struct PluginConnection: MessageConnection {
    private let input: CInt
    private let output: CInt

    init() throws {
      input = dup(STDIN_FILENO)
      output = dup(STDOUT_FILENO)
      guard input >= 0, output >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
        throw PluginError("cannot set up the plugin's pipes (errno \(errno))")
      }
      close(STDIN_FILENO)  // reading "console input" now fails instead of blocking
    }

    func sendMessage<TX: Encodable>(_ message: TX) throws {
      let payload = try JSON.encode(message)
      var length = UInt64(payload.count).littleEndian
      try withUnsafeBytes(of: &length) { try writeAll($0) }
      try payload.withUnsafeBytes { try writeAll($0) }
    }

    func waitForNextMessage<RX: Decodable>(_ type: RX.Type) throws -> RX? {
      var length: UInt64 = 0
      guard try withUnsafeMutableBytes(of: &length, { try readAll($0) }) else { return nil }
      let count = Int(UInt64(littleEndian: length))
      if count == 0 { return nil }  // the host's end-of-session signal
      var payload = [UInt8](repeating: 0, count: count)
      guard try payload.withUnsafeMutableBytes({ try readAll($0) }) else { return nil }
      return try payload.withUnsafeBufferPointer { try JSON.decode(type, from: $0) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
      guard let base = bytes.baseAddress else { return }
      var done = 0
      while done < bytes.count {
        let written = write(output, base + done, bytes.count - done)
        if written < 0 {
          if errno == EINTR { continue }
          throw PluginError("write to the compiler failed (errno \(errno))")
        }
        done += written
      }
    }

    /// Fills `buffer` completely; returns false on EOF before the first byte.
    private func readAll(_ buffer: UnsafeMutableRawBufferPointer) throws -> Bool {
      guard let base = buffer.baseAddress else { return true }
      var done = 0
      while done < buffer.count {
        let count = read(input, base + done, buffer.count - done)
        if count < 0 {
          if errno == EINTR { continue }
          throw PluginError("read from the compiler failed (errno \(errno))")
        }
        if count == 0 {
          if done == 0 { return false }
          throw PluginError("unexpected end of input from the compiler")
        }
        done += count
      }
      return true
    }
  }
#endif
