//! `spirv_instruction` / `spirv_instruction_value` (GL_EXT_spirv_intrinsics; issue 5):
//! written as glslang writes a call of a `spirv_instruction(...)` prototype: `OpExtInst`
//! of the named set (imported once with `OpExtInstImport`) and instruction, or without a
//! set the raw instruction (`result type, result id` first when it has a result), after
//! the capabilities and extensions the prototype declares. Operands: values (converted to
//! the parameter's kind), pointers for `spirv_by_reference` parameters, opaque objects
//! loaded through their deref, and `spirv_literal` constants as literal words.

use fresnel_ir::spirv_instruction::{
    decode_caps, decode_exts, decode_kinds, SpirvKind, SPIRV_EXT_INST_SETS,
};
use fresnel_ir::{BaseType, IndexKind, InstrKind, IntrinsicInstr};

use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

/// `OpExtInst`.
const OP_EXT_INST: u16 = 12;

fn base_of(k: SpirvKind) -> Option<BaseType> {
    Some(match k {
        SpirvKind::Float => BaseType::Float,
        SpirvKind::Int => BaseType::Int,
        SpirvKind::Uint => BaseType::Uint,
        SpirvKind::Bool => BaseType::Bool,
        _ => return None,
    })
}

impl FuncCx<'_, '_> {
    /// Writes a `spirv_instruction`; `Ok(false)` for other intrinsics.
    pub(super) fn emit_spirv_instruction(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        use fresnel_ir::Intrinsic as I;
        if !matches!(x.op, I::SpirvInstruction | I::SpirvInstructionValue) {
            return Ok(false);
        }
        let err = |m: &str| SpirvError::new(format!("{}: {m}", x.op.name()));
        let (rk, kinds) = x
            .index(IndexKind::SpirvKinds)
            .and_then(decode_kinds)
            .ok_or_else(|| err("no kinds"))?;
        if kinds.len() != x.srcs.len() {
            return Err(err("the kinds do not match the sources"));
        }
        let opcode = x
            .index(IndexKind::Base)
            .and_then(|b| u16::try_from(b).ok())
            .ok_or_else(|| err("no instruction number"))?;
        for c in decode_caps(x.index(IndexKind::SpirvCaps).unwrap_or(0)) {
            self.m.declared_cap(c);
        }
        for e in decode_exts(x.index(IndexKind::SpirvExts).unwrap_or(0)) {
            self.m.exts.insert(e);
        }
        // Result kind `Object`: the result is stored through the first source.
        let (store_to, srcs, kinds) = if rk == SpirvKind::Object {
            match x.srcs.first() {
                Some(&d) if x.dest.is_none() => (Some(self.ptr(d)?), &x.srcs[1..], &kinds[1..]),
                _ => return Err(err("an object result without its destination")),
            }
        } else {
            (None, &x.srcs[..], &kinds[..])
        };
        let mut operands = Vec::with_capacity(srcs.len());
        for (&v, k) in srcs.iter().zip(kinds) {
            let id = match k {
                SpirvKind::Pointer => self.ptr(v)?.0,
                SpirvKind::Object => {
                    let (pid, pointee, ..) = self.ptr(v)?;
                    let id = self.new_id();
                    self.code.inst(super::op::LOAD, &[pointee, id, pid]);
                    id
                }
                SpirvKind::Literal => {
                    let def = self.f.values[v].def;
                    match &self.f.instrs[def].kind {
                        InstrKind::LoadConst { values, .. } => {
                            values.first().map_or(0, |b| *b as u32)
                        }
                        _ => return Err(err("a literal operand that is not a constant")),
                    }
                }
                SpirvKind::Void => return Err(err("a void operand")),
                k => {
                    let base = base_of(*k).ok_or_else(|| err("bad operand kind"))?;
                    let n = self.f.values[v].num_components;
                    self.prefix(v, n, base)?
                }
            };
            operands.push(id);
        }
        let result = match (rk, x.dest) {
            (SpirvKind::Void | SpirvKind::Object, None) => None,
            (k, Some(d)) => {
                let base = base_of(k).ok_or_else(|| err("bad result kind"))?;
                let dv = &self.f.values[d];
                Some((d, Kind::new(base, dv.bit_size, dv.num_components)))
            }
            _ => return Err(err("the result kind does not match the result")),
        };
        let ty = match (result, store_to) {
            (Some((_, k)), _) => self.m.kind_type(k),
            (None, Some((_, pointee, ..))) => pointee,
            (None, None) => self.m.void(),
        };
        let head = match x.index(IndexKind::SpirvSet) {
            Some(s) => {
                let name = usize::try_from(s)
                    .ok()
                    .and_then(|i| SPIRV_EXT_INST_SETS.get(i).copied())
                    .ok_or_else(|| err("unknown instruction set"))?;
                let set = if name == "GLSL.std.450" {
                    self.m.glsl_ext
                } else {
                    self.m.ext_import(name)
                };
                Some((OP_EXT_INST, vec![set, u32::from(opcode)]))
            }
            None => None,
        };
        if result.is_none() && store_to.is_none() && head.is_none() {
            self.code.inst(opcode, &operands);
            return Ok(true);
        }
        let id = self.new_id();
        let mut all = vec![ty, id];
        let op = match head {
            Some((op, words)) => {
                all.extend(words);
                op
            }
            None => opcode,
        };
        all.extend(operands);
        self.code.inst(op, &all);
        if let Some((d, k)) = result {
            self.set(d, id, k);
        }
        if let Some((pid, ..)) = store_to {
            self.code.inst(super::op::STORE, &[pid, id]);
        }
        Ok(true)
    }
}
