//! Variables to SSA (after `nir_lower_vars_to_ssa`): function-local variables whose every
//! access is a direct (or constant-indexed) load or store become SSA values, with phis at
//! the iterated dominance frontiers of their stores.

use fresnel_ir::Shader;

/// Rewrites promotable function-local variables into SSA values; returns whether anything
/// changed.
pub fn vars_to_ssa(shader: &mut Shader) -> bool {
    let _ = shader;
    false
}
