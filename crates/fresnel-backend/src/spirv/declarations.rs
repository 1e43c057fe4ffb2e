//! Added for linking units (issue 4): a shader calling a function *declaration* (a
//! prototype whose body is in another compilation unit of the stage) must be linked
//! (`fresnel_link::link_units`) before it can be written; until then it is an error.

use fresnel_ir::{InstrKind, Shader};

use super::SpirvError;

/// Fails, naming the function, when a call of a declaration remains.
pub(crate) fn check_resolved(shader: &Shader) -> Result<(), SpirvError> {
    for (_, f) in shader.functions.iter() {
        for (_, ins) in f.instrs.iter() {
            if ins.removed {
                continue;
            }
            if let InstrKind::Call { func, .. } = &ins.kind {
                if let Some(callee) = shader.functions.get(*func) {
                    if callee.is_declaration() {
                        return Err(SpirvError::new(format!(
                            "function `{}` is declared but not defined in this stage's units \
                             (link the units that define it)",
                            callee.name
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}
