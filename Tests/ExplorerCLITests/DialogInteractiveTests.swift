import Foundation
import GraphTestSupport
import Testing

/// The login, dialog and app-event commands typed on a pseudo-terminal, and what reaches the disk.
@Suite(.serialized) struct DialogInteractiveTests {
  @Test func codeFlowDialogsAndEventsLeaveNoSecretOnDisk() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home)
    let login = try InteractiveTests.submit(terminal, "login --code-flow bob user_likes")
    #expect(login.contains("FBSessionStateOpen · Bob Okafor (100001000000002)"), "\(login)")
    #expect(login.contains("exchanged for a token expiring in 60 days"))
    let feed = try InteractiveTests.submit(terminal, "dialog feed name=Burger message=Lunch")
    #expect(feed.contains("FBWebDialogResultDialogCompleted · posted 100001000000002_"), "\(feed)")
    let oauth = try InteractiveTests.submit(terminal, "dialog oauth scope=email state=s")
    #expect(oauth.contains("?code=AQEm…"), "\(oauth)")
    #expect(!oauth.contains("AQEmuCode"), "the code is shown masked")
    let exchange = try InteractiveTests.submit(terminal, "token exchange")
    #expect(exchange.contains("FBSessionStateOpenTokenExtended"), "\(exchange)")
    let none = try InteractiveTests.submit(terminal, "events")
    #expect(none.contains("no app events logged"))
    let shown = try InteractiveTests.submit(terminal, "token")
    // `token` shows the emulator's own tokens in full: the one the exchange gave.
    let token = shown.range(of: "token CAAEmuBob").map { found in
      String(shown[found.upperBound...].prefix { $0.isLetter || $0.isNumber })
    }
    #expect(token?.isEmpty == false, "\(shown)")
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)

    let files = FileManager.default.enumerator(atPath: home.path)?.allObjects as? [String] ?? []
    for file in files {
      guard let data = FileManager.default.contents(atPath: home.path + "/" + file) else {
        continue
      }
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains("AQEmuCode"), "a code in \(file)")
      if let token { #expect(!text.contains("CAAEmuBob" + token), "the token in \(file)") }
      #expect(!text.contains("5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"), "the app secret in \(file)")
    }
  }
}
