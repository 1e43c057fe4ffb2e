//! Bindings for samplers, images, uniform and storage blocks that have none (glslang's
//! `--auto-map-bindings`): the lowest binding of the object's descriptor set that no object
//! of the program uses, the same for objects of the same name in several stages. An array
//! of opaque objects takes one binding per element (what the OpenGL target needs; Vulkan
//! uses only the first).

use fresnel_ir::{Shader, Type, VarMode, Variable};
use rustc_hash::FxHashMap;

use crate::{Binding, LinkError, LinkReport};

/// Bindings an object takes.
fn width(sh: &Shader, v: &Variable) -> u32 {
    match (v.mode, sh.types.get(v.ty)) {
        (VarMode::Uniform, Type::Array { len, .. }) => (*len).max(1),
        _ => 1,
    }
}

/// Does the variable need a descriptor binding?
fn is_resource(sh: &Shader, v: &Variable) -> bool {
    // Heap variables (GL_EXT_descriptor_heap) are read from a heap, not bound.
    if v.heap.is_some() {
        return false;
    }
    match v.mode {
        VarMode::Ubo | VarMode::Ssbo => true,
        VarMode::Uniform => {
            sh.types.is_opaque(v.ty)
                && !matches!(sh.types.get(v.ty), Type::AtomicCounter)
                && !v.builtin
        }
        _ => false,
    }
}

/// (set, first binding, bindings) of every resource with an explicit binding.
fn used(shaders: &[Shader]) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for sh in shaders {
        for (_, v) in sh.vars.iter() {
            if let (true, Some(b)) = (is_resource(sh, v), v.binding) {
                out.push((v.set.unwrap_or(0), b, width(sh, v)));
            }
        }
    }
    out
}

fn lowest_free(used: &[(u32, u32, u32)], set: u32, n: u32) -> u32 {
    let mut start = 0u32;
    loop {
        let end = start.saturating_add(n.max(1));
        match used
            .iter()
            .filter(|&&(s, b, w)| s == set && end > b && start < b.saturating_add(w))
            .map(|&(_, b, w)| b.saturating_add(w))
            .max()
        {
            Some(next) => start = next,
            None => return start,
        }
    }
}

/// The lowest binding of `set` that no resource of the program uses.
pub fn lowest_free_binding(shaders: &[Shader], set: u32) -> u32 {
    lowest_free(&used(shaders), set, 1)
}

pub(crate) fn assign_bindings(
    shaders: &mut [Shader],
    order: &[usize],
    report: &mut LinkReport,
) -> Result<(), LinkError> {
    let mut taken = used(shaders);
    let mut by_name: FxHashMap<(VarMode, String), (u32, u32)> = FxHashMap::default();
    for &si in order {
        let sh = &shaders[si];
        let todo: Vec<_> = sh
            .vars
            .iter()
            .filter(|(_, v)| is_resource(sh, v) && v.binding.is_none())
            .map(|(id, v)| (id, v.mode, v.name.clone(), v.set.unwrap_or(0), width(sh, v)))
            .collect();
        for (id, mode, name, set, n) in todo {
            let (set, b) = match by_name.get(&(mode, name.clone())) {
                Some(&x) => x,
                None => {
                    let b = lowest_free(&taken, set, n);
                    if b > 1 << 20 {
                        return Err(LinkError::new("too many bindings"));
                    }
                    taken.push((set, b, n));
                    by_name.insert((mode, name.clone()), (set, b));
                    report.bindings.push(Binding {
                        name: name.clone(),
                        set,
                        binding: b,
                    });
                    (set, b)
                }
            };
            let v = &mut shaders[si].vars[id];
            v.binding = Some(b);
            if v.set.is_none() && set != 0 {
                v.set = Some(set);
            }
        }
    }
    Ok(())
}
