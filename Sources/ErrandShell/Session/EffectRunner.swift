/// Performs the effects commands ask for (Effect). One per environment: LiveEffects in errand,
/// a scripted one in tests.
public protocol EffectRunner {
    /// Runs inside whatever write the command holds open (a sync's and a fetch's writes are
    /// the store's own); throws what the work threw (SyncError, CatalogueError, ShellError).
    func perform(_ effect: Effect, in environment: ShellEnvironment) throws -> EffectResult
}
