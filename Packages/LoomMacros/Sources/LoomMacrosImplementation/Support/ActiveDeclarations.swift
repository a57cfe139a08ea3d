import SwiftIfConfig
import SwiftSyntax

extension MemberBlockSyntax {
  /// The declarations of the block that Swift compiles under `configuration`, in source order:
  /// those outside any `#if`, and those of the active clause of each `#if`, nested ones included.
  ///
  /// Without a configuration (a compiler that does not pass one to macros), no clause is known to
  /// be active: the declarations of the clauses are left out, and each `#if` is in `unread`.
  func activeDeclarations(
    in configuration: (any BuildConfiguration)?
  ) -> (declarations: [DeclSyntax], unread: [IfConfigDeclSyntax]) {
    var declarations: [DeclSyntax] = []
    var unread: [IfConfigDeclSyntax] = []
    func walk(_ items: MemberBlockItemListSyntax) {
      for item in items {
        guard let ifConfig = item.decl.as(IfConfigDeclSyntax.self) else {
          declarations.append(item.decl)
          continue
        }
        guard let configuration else {
          unread.append(ifConfig)
          continue
        }
        if case .decls(let members)? = ifConfig.activeClause(in: configuration).clause?.elements {
          walk(members)
        }
      }
    }
    walk(members)
    return (declarations, unread)
  }
}
