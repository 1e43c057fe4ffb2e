//! Copies between memory of different layouts (`copy_deref` from a block to a buffer
//! reference, from a uniform block to a local, ...): the source is loaded whole once and
//! stored part by part, each part extracted by its full index path and stored through one
//! access chain of the same path (1 + 3 instructions a part, whatever the nesting depth;
//! a subtree whose types agree is stored whole). glslang loads the source whole too but
//! extracts and chains level by level.

use super::super::spec::{op, storage};
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;
use fresnel_ir::BaseType;

impl FuncCx<'_, '_> {
    /// Whether a SPIR-V type can be loaded whole: no runtime arrays in it (the types
    /// `copy` sees are sized; this guards the assumption).
    fn loadable(&self, t: u32, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        if self.m.value_types.contains_key(&t) || self.m.ref_ptrs.contains_key(&t) {
            return true;
        }
        if let Some(ms) = self.m.members.get(&t) {
            return ms.iter().all(|&m| self.loadable(m, depth + 1));
        }
        if let Some(&e) = self.m.elem.get(&t) {
            return self.array_len(t).is_some_and(|n| n > 0) && self.loadable(e, depth + 1);
        }
        false
    }

    /// Copies a pointer's target whole into another of a different type of the same shape:
    /// `Ok(false)` when the source cannot be loaded whole (the caller copies level by
    /// level).
    pub(super) fn copy_whole(
        &mut self,
        dst: (u32, u32, u32),
        src: (u32, u32, u32),
        budget: &mut u32,
    ) -> Result<bool> {
        let (sid, st, sclass) = src;
        if !self.loadable(st, 0) {
            return Ok(false);
        }
        let whole = self.new_id();
        let mut l = vec![st, whole, sid];
        if sclass == storage::PHYSICAL_STORAGE_BUFFER {
            l.extend_from_slice(&[2, self.m.largest_scalar_bytes(st)]);
        }
        self.code.inst(op::LOAD, &l);
        let mut path = Vec::new();
        self.copy_parts(dst, (whole, st), &mut path, budget)?;
        Ok(true)
    }

    /// Stores the part at `path` of the loaded value `whole` (whose part there has type
    /// `vt`) into the part at `path` of `dst` (`dt`: the type there).
    fn copy_parts(
        &mut self,
        dst: (u32, u32, u32),
        part: (u32, u32),
        path: &mut Vec<u32>,
        budget: &mut u32,
    ) -> Result<()> {
        let (did, dt, dclass) = dst;
        let (whole, vt) = part;
        if *budget == 0 {
            return Err(SpirvError::new("copy of a too large aggregate"));
        }
        *budget -= 1;
        let leaf =
            dt == vt || self.m.value_types.contains_key(&dt) || self.m.ref_ptrs.contains_key(&dt);
        if leaf {
            let mut v = if path.is_empty() {
                whole
            } else {
                let id = self.new_id();
                let mut ops = vec![vt, id, whole];
                ops.extend_from_slice(path);
                self.code.inst(op::COMPOSITE_EXTRACT, &ops);
                id
            };
            if dt != vt {
                v = self.convert_leaf(v, vt, dt)?;
            }
            let p = if path.is_empty() {
                did
            } else {
                let pt = self.m.pointer(dclass, dt);
                let id = self.new_id();
                let mut ops = vec![pt, id, did];
                for &i in path.iter() {
                    ops.push(self.m.const_i32(i as i32));
                }
                self.code.inst(op::ACCESS_CHAIN, &ops);
                id
            };
            let mut w = vec![p, v];
            if dclass == storage::PHYSICAL_STORAGE_BUFFER {
                w.extend_from_slice(&[2, self.m.largest_scalar_bytes(dt)]);
            }
            self.code.inst(op::STORE, &w);
            return Ok(());
        }
        let members: Vec<(u32, u32)> = if let Some(ms) = self.m.members.get(&dt).cloned() {
            let sm = self.m.members.get(&vt).cloned().unwrap_or_default();
            ms.into_iter().zip(sm).collect()
        } else if let (Some(&de), Some(&se)) = (self.m.elem.get(&dt), self.m.elem.get(&vt)) {
            let n = self
                .array_len(dt)
                .or_else(|| self.array_len(vt))
                .unwrap_or(0);
            (0..n).map(|_| (de, se)).collect()
        } else {
            return Err(SpirvError::new("internal: copy between unrelated types"));
        };
        for (i, (de, se)) in members.into_iter().enumerate() {
            path.push(i as u32);
            self.copy_parts((did, de, dclass), (whole, se), path, budget)?;
            path.pop();
        }
        Ok(())
    }

    /// A leaf value of type `from` as type `to`: booleans against the 32-bit integers
    /// memory holds them as, buffer references against their 64-bit addresses.
    fn convert_leaf(&mut self, v: u32, from: u32, to: u32) -> Result<u32> {
        if self.m.ref_ptrs.contains_key(&to) || self.m.ref_ptrs.contains_key(&from) {
            return self.convert_ref_id(v, from, to);
        }
        let Some(&comps) = self.m.value_types.get(&to) else {
            return Err(SpirvError::new("internal: copy between unrelated types"));
        };
        let uk = Kind::new(BaseType::Uint, 32, comps);
        let zero = self.m.constant(uk, &vec![0; usize::from(comps)]);
        let bool_t = self.m.kind_type(Kind::new(BaseType::Bool, 1, comps));
        let id = self.new_id();
        if to == bool_t {
            self.code.inst(op::I_NOT_EQUAL, &[to, id, v, zero]);
        } else if from == bool_t {
            let one = self.m.constant(uk, &vec![1; usize::from(comps)]);
            self.code.inst(op::SELECT, &[to, id, v, one, zero]);
        } else {
            return Err(SpirvError::new("internal: copy between unrelated types"));
        }
        Ok(id)
    }
}
