package import Foundation

/// Where the tests' scripts and their Python packages are: the scripts are
/// this target's resources (`Scripts/`), found through its bundle, and the
/// packages they need go into the build folder (`.build/oauth-python`,
/// `.build/browser-python`), installed there the first time.
package enum TestScripts {
    /// `Scripts/<path>` in this target's resources.
    package static func url(_ path: String) -> URL {
        Bundle.module.bundleURL.appendingPathComponent("Scripts").appendingPathComponent(path)
    }

    /// A folder for installed Python packages in the build folder: the
    /// `.build` that holds this bundle, so debug and release builds share it.
    package static func packages(_ name: String) -> URL {
        var folder = Bundle.module.bundleURL.deletingLastPathComponent()
        while folder.path != "/" && folder.lastPathComponent != ".build"
            && !folder.lastPathComponent.hasPrefix(".build")
        {
            folder.deleteLastPathComponent()
        }
        if folder.path == "/" { folder = Bundle.module.bundleURL.deletingLastPathComponent() }
        return folder.appendingPathComponent(name)
    }
}
