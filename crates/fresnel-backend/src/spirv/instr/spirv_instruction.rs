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
            self.m.cap(c);
        }
        for e in decode_exts(x.index(IndexKind::SpirvExts).unwrap_or(0)) {
            self.m.exts.insert(e);
        }
        let mut operands = Vec::with_capacity(x.srcs.len());
        for (&v, k) in x.srcs.iter().zip(&kinds) {
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
            (SpirvKind::Void, None) => None,
            (k, Some(d)) => {
                let base = base_of(k).ok_or_else(|| err("bad result kind"))?;
                let dv = &self.f.values[d];
                Some((d, Kind::new(base, dv.bit_size, dv.num_components)))
            }
            _ => return Err(err("the result kind does not match the result")),
        };
        let ty = match result {
            Some((_, k)) => self.m.kind_type(k),
            None => self.m.void(),
        };
        match x.index(IndexKind::SpirvSet) {
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
                let id = self.new_id();
                let mut all = vec![ty, id, set, u32::from(opcode)];
                all.extend(operands);
                self.code.inst(OP_EXT_INST, &all);
                if let Some((d, k)) = result {
                    self.set(d, id, k);
                }
            }
            None => match result {
                Some((d, k)) => {
                    let id = self.new_id();
                    let mut all = vec![ty, id];
                    all.extend(operands);
                    self.code.inst(opcode, &all);
                    self.set(d, id, k);
                }
                None => self.code.inst(opcode, &operands),
            },
        }
        Ok(true)
    }
}
