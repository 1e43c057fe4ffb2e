//! Added for linking units (issue 4): a shader calling a function *declaration* (a
//! prototype whose body is in another compilation unit of the stage).
//!
//! Issue 5 (helper V): for OpenGL (GL_ARB_gl_spirv) such a shader is written as a linkable
//! module, like an object file: the `Linkage` capability and, for each declaration that is
//! called, an `OpFunction` without a body decorated `LinkageAttributes "NAME" Import`
//! (spirv-val accepts this form for `opengl4.5`). Vulkan has no `Linkage` capability
//! (spirv-val rejects it for `vulkan1.0`), so there a call of a declaration stays an error
//! naming the function. `fresnel compile` links the units of a stage before writing and
//! reports a missing definition as a link error, so a complete program never reaches the
//! writer with an import; the import form serves library users and the corpus sweep
//! (compile-only shaders whose definition is elsewhere).

use fresnel_ir::{FuncId, InstrKind, Shader};

use super::spec::{cap, op};
use super::{Module, SpirvError, TargetEnv};

/// `LinkageAttributes` decoration and its `Import` linkage type.
const LINKAGE_ATTRIBUTES: u32 = 41;
const LINKAGE_IMPORT: u32 = 1;

/// The declarations (functions without a body) that some live call reaches, by function
/// index (a function past the end is not).
pub(crate) fn called_declarations(shader: &Shader) -> Vec<bool> {
    // (Performance: most shaders declare no function without a body; then no walk and no
    // table.)
    if !shader.functions.iter().any(|(_, f)| f.is_declaration()) {
        return Vec::new();
    }
    let mut called = vec![false; shader.functions.len()];
    for (_, f) in shader.functions.iter() {
        for (_, ins) in f.instrs.iter() {
            if ins.removed {
                continue;
            }
            if let InstrKind::Call { func, .. } = &ins.kind {
                if let Some(callee) = shader.functions.get(*func) {
                    if callee.is_declaration() {
                        if let Some(c) = called.get_mut(func.0 as usize) {
                            *c = true;
                        }
                    }
                }
            }
        }
    }
    called
}

/// Fails, naming the function, when a call of a declaration remains and the target cannot
/// import functions (Vulkan).
pub(crate) fn check_resolved(shader: &Shader, target: TargetEnv) -> Result<(), SpirvError> {
    if !target.is_vulkan() {
        return Ok(());
    }
    let called = called_declarations(shader);
    for (fid, f) in shader.functions.iter() {
        if called.get(fid.0 as usize).copied().unwrap_or(false) {
            return Err(SpirvError::new(format!(
                "function `{}` is declared but not defined in this stage's units \
                 (link the units that define it; a Vulkan module cannot import functions)",
                f.name
            )));
        }
    }
    Ok(())
}

/// Writes the declaration `fid` as an imported function: `OpFunction`, its parameters,
/// `OpFunctionEnd`, decorated `LinkageAttributes "NAME" Import` (NAME: the IR function name,
/// which carries the parameter types, so overloads import distinct symbols).
pub(crate) fn emit_import(m: &mut Module<'_>, fid: FuncId) -> Result<(), SpirvError> {
    let f = &m.shader.functions[fid];
    let sig = m.func_sigs[fid.0 as usize].clone();
    let fn_id = m.func_ids[fid.0 as usize];
    m.cap(cap::LINKAGE);
    let mut ops = vec![fn_id, LINKAGE_ATTRIBUTES];
    super::writer::push_str(&mut ops, &f.name);
    ops.push(LINKAGE_IMPORT);
    m.decorations.inst(op::DECORATE, &ops);
    let control = super::func::function_control(f.control);
    m.functions
        .inst(op::FUNCTION, &[sig.ret_type, fn_id, control, sig.fn_type]);
    for &(var, k) in &sig.ins {
        let t = m.param_type(var, k)?;
        let id = m.id();
        m.functions.inst(op::FUNCTION_PARAMETER, &[t, id]);
        if m.ref_ptrs.contains_key(&t) {
            // A PhysicalStorageBuffer pointer parameter says whether it aliases, as in a
            // definition (`func.rs`).
            const ALIASED: u32 = 20;
            m.decorate(id, ALIASED, &[]);
        }
    }
    m.functions.inst(op::FUNCTION_END, &[]);
    Ok(())
}
