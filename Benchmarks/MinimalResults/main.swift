// The floor for `apps lotto results`: read the draws fixture and parse it with Foundation, nothing else.
import Foundation

let url = URL(fileURLWithPath: CommandLine.arguments[1])
let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
let draws = object?["draws"] as? [[String: Any]] ?? []
print(draws.count)
