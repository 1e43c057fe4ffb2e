//! Shader statistics for reports (shader-db style): instruction counts by kind, control
//! flow, and the register-pressure lower bound (the most SSA components live at once).
//!
//! Counted as a back end would see the IR: derefs, constants, undefs and phis are not
//! instructions a machine executes, so `instructions` counts ALU, texture, intrinsic, call
//! and jump instructions; `alu` counts ALU operations whose result is not a plain move or
//! vector construction (which register allocation folds away).

use crate::analysis::Liveness;
use crate::{AluOp, CfNode, Function, InstrKind, Shader};

/// Statistics of a whole shader (all functions).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct IrStats {
    pub instructions: u64,
    pub alu: u64,
    /// `mov` and `vecN`.
    pub moves: u64,
    pub texture: u64,
    pub intrinsics: u64,
    pub calls: u64,
    /// `if`s and loops.
    pub control_flow: u64,
    pub loops: u64,
    pub blocks: u64,
    pub ssa_values: u64,
    /// The most SSA components live at one program point (a lower bound for registers,
    /// in 32-bit components).
    pub max_live: u64,
    pub functions: u64,
    /// Bytes of per-invocation memory (private and function variables) indexed with a
    /// value that is not a constant: what a back end must keep in scratch memory rather
    /// than registers (the cost `lower_const_arrays_to_uniforms` removes).
    pub scratch_bytes: u64,
}

impl IrStats {
    /// Statistics of a shader.
    pub fn of(shader: &Shader) -> IrStats {
        let mut s = IrStats::default();
        let mut scratch: Vec<crate::VarId> = Vec::new();
        for (_, f) in shader.functions.iter() {
            s.functions += 1;
            s.add_function(f);
            for id in f.instrs_in_order() {
                let InstrKind::Deref(d) = &f.instrs[id].kind else {
                    continue;
                };
                let crate::DerefKind::Array { index, .. } = d.kind else {
                    continue;
                };
                if matches!(f.def(index).kind, InstrKind::LoadConst { .. }) {
                    continue;
                }
                if let Some(v) = f.deref_root_var(d.dest) {
                    if matches!(
                        shader.vars[v].mode,
                        crate::VarMode::Global | crate::VarMode::Function
                    ) && !scratch.contains(&v)
                    {
                        scratch.push(v);
                    }
                }
            }
        }
        s.scratch_bytes = scratch
            .iter()
            .map(|&v| byte_size(&shader.types, shader.vars[v].ty, 0))
            .sum();
        s
    }

    fn add_function(&mut self, f: &Function) {
        f.walk(&mut |n| match n {
            CfNode::Block(_) => self.blocks += 1,
            CfNode::If(_) => self.control_flow += 1,
            CfNode::Loop(_) => {
                self.control_flow += 1;
                self.loops += 1;
            }
        });
        for id in f.instrs_in_order() {
            let kind = &f.instrs[id].kind;
            self.ssa_values += kind.dests().len() as u64;
            match kind {
                InstrKind::Alu(a) => {
                    self.instructions += 1;
                    if matches!(a.op, AluOp::Mov | AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4) {
                        self.moves += 1;
                    } else {
                        self.alu += 1;
                    }
                }
                InstrKind::Tex(_) => {
                    self.instructions += 1;
                    self.texture += 1;
                }
                InstrKind::Intrinsic(_) => {
                    self.instructions += 1;
                    self.intrinsics += 1;
                }
                InstrKind::Call { .. } => {
                    self.instructions += 1;
                    self.calls += 1;
                }
                InstrKind::Jump(_) => self.instructions += 1,
                _ => {}
            }
        }
        self.max_live = self.max_live.max(max_live(f));
    }
}

/// The most value components live at once in a function, walking each block backwards
/// from its live-out set. Constants, undefined values and derefs take no register (a back
/// end encodes constants as immediates; derefs are addresses resolved at compile time).
fn max_live(f: &Function) -> u64 {
    let live = Liveness::compute(f);
    let size = |v: usize| -> u64 {
        let d = &f.values[crate::ValueId(v as u32)];
        if matches!(
            f.instrs[d.def].kind,
            InstrKind::LoadConst { .. } | InstrKind::Undef { .. } | InstrKind::Deref(_)
        ) {
            return 0;
        }
        let words = if d.bit_size == 64 { 2 } else { 1 };
        u64::from(d.num_components) * words
    };
    let mut best = 0u64;
    for b in f.blocks_in_order() {
        let mut set = live.live_out(b).clone();
        let mut cur: u64 = set.iter().map(size).sum();
        best = best.max(cur);
        for &id in f.blocks[b].instrs.iter().rev() {
            let kind = &f.instrs[id].kind;
            for d in kind.dests() {
                if set.contains(d.0 as usize) {
                    set.remove(d.0 as usize);
                    cur -= size(d.0 as usize);
                }
            }
            if matches!(kind, InstrKind::Phi { .. }) {
                continue;
            }
            for s in kind.srcs() {
                if set.insert(s.0 as usize) {
                    cur += size(s.0 as usize);
                }
            }
            best = best.max(cur);
        }
    }
    best
}

/// Bytes a value of a type takes (tightly packed; booleans as 32 bits).
fn byte_size(types: &crate::Types, ty: crate::TypeId, depth: u32) -> u64 {
    if depth > 64 {
        return 0;
    }
    match types.get(ty) {
        crate::Type::Vector {
            base,
            bits,
            components,
        } => {
            let b = if *base == crate::BaseType::Bool {
                4
            } else {
                u64::from(*bits / 8)
            };
            b * u64::from(*components)
        }
        crate::Type::Matrix {
            bits,
            columns,
            rows,
        } => u64::from(*bits / 8) * u64::from(*columns) * u64::from(*rows),
        crate::Type::Array { elem, len, .. } => {
            byte_size(types, *elem, depth + 1).saturating_mul(u64::from(*len))
        }
        crate::Type::Struct { fields, .. } => fields
            .iter()
            .map(|f| byte_size(types, f.ty, depth + 1))
            .sum(),
        _ => 0,
    }
}
