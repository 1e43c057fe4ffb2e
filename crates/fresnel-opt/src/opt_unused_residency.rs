//! opt_unused_residency: a sparse texture lookup (`is_sparse`, GL_ARB_sparse_texture2)
//! whose residency code nobody reads becomes the plain lookup.
//!
//! A sparse lookup's result is the texel followed by the residency code (its last
//! component). When every reader of the result is an ALU instruction that reads only texel
//! components (through its swizzle), the code is dead: the lookup loses `is_sparse` and its
//! last component. Sound because the texel components are those of the plain lookup (the
//! sparse form only adds the code), and no reader's swizzle changes. A plain lookup is one
//! instruction where SPIR-V's sparse form is a lookup and an extract of the texel from a
//! struct.

use fresnel_ir::{InstrKind, Shader, Use};

use crate::util::reads;
use crate::{for_each_function, Pass};

pub struct UnusedResidency;

impl Pass for UnusedResidency {
    fn name(&self) -> &'static str {
        "opt_unused_residency"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| {
            let mut progress = false;
            for id in f.instrs_in_order() {
                let InstrKind::Tex(t) = &f.instrs[id].kind else {
                    continue;
                };
                if !t.is_sparse {
                    continue;
                }
                let dest = t.dest;
                let n = f.values[dest].num_components;
                if n < 2 {
                    continue;
                }
                let code = n - 1;
                let code_read = f.values[dest].uses.iter().any(|u| {
                    let Use::Instr { instr, src } = *u else {
                        return true;
                    };
                    let InstrKind::Alu(a) = &f.instrs[instr].kind else {
                        return true;
                    };
                    let k = usize::from(src);
                    let r = reads(a.op, k, f.values[a.dest].num_components).min(4);
                    a.srcs[k].swizzle[..r].iter().any(|&c| c >= code)
                });
                if code_read {
                    continue;
                }
                if let InstrKind::Tex(t) = &mut f.instrs[id].kind {
                    t.is_sparse = false;
                }
                f.values[dest].num_components = code;
                progress = true;
            }
            progress
        })
    }
}
