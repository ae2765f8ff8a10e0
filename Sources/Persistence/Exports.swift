// Foundation's `URL` and `Data` are in every store's API: `import Persistence` brings them along.
@_exported import Foundation
