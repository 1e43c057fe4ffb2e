//! Running a shader on synthetic inputs, for differential tests: two versions of a shader
//! (before and after a transformation) must give the same outputs on the same inputs.
//!
//! Every non-built-in input and default-block uniform gets small, non-zero values that
//! depend on the slot and the invocation (integers stay small, so loops they bound end);
//! vertex shaders run four vertices, fragment shaders one 2×2 quad.

use fresnel_ir::{Shader, Stage, VarMode};

use crate::{Fragment, Interp, Leaf, Scalar};

/// The outputs of a run: each output variable's name and per-invocation slots, and which
/// fragments were discarded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    pub outputs: Vec<(String, Vec<Vec<u64>>)>,
    pub discarded: Vec<bool>,
}

fn value(leaf: Leaf, k: usize, inv: usize) -> u64 {
    let s = match leaf {
        Leaf::Float(_) => Scalar::Float(0.5 + (k % 7) as f64 * 0.25 + inv as f64 * 0.125),
        Leaf::Int(_) | Leaf::Uint(_) => Scalar::Int((k % 4) as i64 + 1),
        Leaf::Bool => Scalar::Bool(k % 2 == 0),
        Leaf::Opaque => Scalar::Uint(0),
    };
    s.encode(leaf)
}

/// Runs a vertex or fragment shader on synthetic inputs.
pub fn run_synthetic(ir: &Shader, max_instructions: Option<u64>) -> Result<Probe, String> {
    let mut it = Interp::new(ir).map_err(|e| e.to_string())?;
    if let Some(m) = max_instructions {
        it.limits.max_instructions = m;
    }
    for (id, v) in ir.vars.iter() {
        if v.builtin {
            continue;
        }
        let leaves = it.leaves(id);
        match v.mode {
            VarMode::ShaderIn => {
                let per: Vec<Vec<u64>> = (0..4)
                    .map(|inv| {
                        leaves
                            .iter()
                            .enumerate()
                            .map(|(k, l)| value(*l, k, inv))
                            .collect()
                    })
                    .collect();
                let _ = it.set_input(&v.name, per);
            }
            VarMode::Uniform if !leaves.contains(&Leaf::Opaque) && v.init.is_none() => {
                let slots = leaves
                    .iter()
                    .enumerate()
                    .map(|(k, l)| value(*l, k, 0))
                    .collect();
                let _ = it.set_uniform(&v.name, slots);
            }
            _ => {}
        }
    }
    match ir.stage {
        Stage::Vertex => it.run_vertex(4),
        Stage::Fragment => {
            let frags: Vec<Fragment> = (0..4).map(|i| Fragment { x: i % 2, y: i / 2 }).collect();
            it.run_fragment(&frags)
        }
        s => return Err(format!("{} shaders are not probed", s.name())),
    }
    .map_err(|e| e.to_string())?;
    let mut outputs = Vec::new();
    for (name, _) in it.output_vars() {
        let o = it.output(&name).map(|o| o.to_vec()).unwrap_or_default();
        outputs.push((name, o));
    }
    Ok(Probe {
        outputs,
        discarded: it.discarded().to_vec(),
    })
}
