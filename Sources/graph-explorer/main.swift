import ExplorerCLI
import Foundation

let status = await GraphExplorer.main(
  arguments: Array(CommandLine.arguments.dropFirst()), console: StandardConsole())
exit(status.rawValue)
