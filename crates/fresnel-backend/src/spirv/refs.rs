//! Buffer references (GL_EXT_buffer_reference) as PhysicalStorageBuffer pointers.
//!
//! In the IR a buffer reference is a `u64` address, and following one is a `deref_cast` of
//! the address to the block type in `phys_ssbo` memory. Written as is, every dereference
//! is `OpLoad` of a 64-bit integer then `OpConvertUToPtr`. glslang instead declares block
//! members (and array elements) of reference type as `OpTypePointer PhysicalStorageBuffer`
//! and loads the pointer directly.
//!
//! The writer infers that typing over the `u64` values (the IR keeps no pointer type):
//! a memory *slot* (a struct member, by struct type and field, the elements of an array
//! type, or a function-local variable: locals, parameters, results) is declared as a
//! pointer to block `T` when the addresses loaded from it are followed (`deref_cast`) as
//! `T` and only as `T`, directly or through phis, selects and calls; slots the values are
//! stored to (or passed to, as arguments) share the decision of the slots they were loaded
//! from. Phis and selects of such pointers are pointers (`phi_pointee`), parameters and
//! results are passed as pointers (`Module::param_type`). Types of variables with
//! initializers keep their integers (their constants are of the IR type).
//! Whatever is decided, the result is correct: a loaded pointer used as an integer is
//! converted (`OpConvertPtrToU`), an integer stored to a pointer slot or followed is
//! converted (`OpConvertUToPtr`); the inference only decides where the conversions go.
//! Both pointer and integer forms have the same size and layout in memory.

use fresnel_ir::{
    AluOp, BaseType, DerefKind, Function, InstrKind, Intrinsic, Shader, Type, TypeId, ValueId,
    VarId, VarMode,
};
use rustc_hash::{FxHashMap, FxHashSet};

use super::spec::{op, storage};
use super::types::PHYSICAL_LAYOUT;
use super::{Module, Result};

/// `OpTypeForwardPointer`.
const TYPE_FORWARD_POINTER: u16 = 39;

/// A place in memory a 64-bit address may be stored in.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Slot {
    /// Field `1` of struct type `0`.
    Field(TypeId, u32),
    /// The elements of array type `0`.
    Elem(TypeId),
    /// Function-local variable `0` (a `uint64_t` or reference local, a parameter or the
    /// return value).
    Var(VarId),
}

/// The slot a deref names, when it is a 64-bit unsigned scalar member or array element.
pub fn slot_of(shader: &Shader, f: &Function, deref: ValueId) -> Option<Slot> {
    let InstrKind::Deref(d) = &f.def(deref).kind else {
        return None;
    };
    if !matches!(
        shader.types.get(d.ty),
        Type::Vector {
            base: BaseType::Uint,
            bits: 64,
            components: 1
        }
    ) {
        return None;
    }
    let (parent, field) = match d.kind {
        DerefKind::Struct { parent, field } => (parent, Some(field)),
        DerefKind::Array { parent, .. } => (parent, None),
        DerefKind::Var(v)
            if shader.vars[v].mode == VarMode::Function && shader.vars[v].init.is_none() =>
        {
            return Some(Slot::Var(v))
        }
        _ => return None,
    };
    let InstrKind::Deref(p) = &f.def(parent).kind else {
        return None;
    };
    match (shader.types.get(p.ty), field) {
        (Type::Struct { .. }, Some(field)) => Some(Slot::Field(p.ty, field)),
        (Type::Array { .. }, None) => Some(Slot::Elem(p.ty)),
        _ => None,
    }
}

/// The variables a call to `func` copies its arguments into (the `in`/`inout` parameters in
/// order) and its results out of (the return value, then the `out`/`inout` parameters).
fn call_vars(shader: &Shader, func: fresnel_ir::FuncId) -> (Vec<VarId>, Vec<VarId>) {
    use fresnel_ir::ParamDir;
    let f = &shader.functions[func];
    let ins = f
        .params
        .iter()
        .filter(|p| matches!(p.dir, ParamDir::In | ParamDir::InOut))
        .map(|p| p.var)
        .collect();
    let outs = f
        .ret
        .into_iter()
        .chain(
            f.params
                .iter()
                .filter(|p| matches!(p.dir, ParamDir::Out | ParamDir::InOut))
                .map(|p| p.var),
        )
        .collect();
    (ins, outs)
}

/// Budget of values visited when tracing where an address comes from (per trace).
const TRACE_LIMIT: usize = 256;

/// The slots the value `v` was loaded from, through phis, selects and moves (appended to
/// `out`; `false` when it also has other origins).
fn origins(shader: &Shader, f: &Function, v: ValueId, out: &mut Vec<Slot>) -> bool {
    let mut stack = vec![v];
    let mut seen: FxHashSet<ValueId> = FxHashSet::default();
    let mut only_loads = true;
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        if seen.len() > TRACE_LIMIT {
            return false;
        }
        match &f.def(v).kind {
            InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadDeref => {
                match slot_of(shader, f, x.srcs[0]) {
                    Some(s) => {
                        if !out.contains(&s) {
                            out.push(s);
                        }
                    }
                    None => only_loads = false,
                }
            }
            InstrKind::Phi { srcs, .. } => stack.extend(srcs.iter().map(|(_, s)| *s)),
            InstrKind::Alu(a) if a.op == AluOp::Bcsel && a.srcs.len() == 3 => {
                stack.push(a.srcs[1].value);
                stack.push(a.srcs[2].value);
            }
            InstrKind::Alu(a) if a.op == AluOp::Mov && a.srcs.len() == 1 => {
                stack.push(a.srcs[0].value)
            }
            InstrKind::Undef { .. } => {}
            // A call's result comes from the callee's result variable.
            InstrKind::Call { func, dests, .. } => {
                let (_, outs) = call_vars(shader, *func);
                match dests.iter().position(|d| *d == v).and_then(|i| outs.get(i)) {
                    Some(&var) => {
                        let s = Slot::Var(var);
                        if !out.contains(&s) {
                            out.push(s);
                        }
                    }
                    None => only_loads = false,
                }
            }
            _ => only_loads = false,
        }
    }
    only_loads
}

/// Decides the slots declared as pointers: slot -> the IR block type pointed at.
pub fn analyze(shader: &Shader) -> FxHashMap<Slot, TypeId> {
    // Only a buffer reference followed to a block votes for a slot (below); without one,
    // no slot is declared as a pointer (performance: one look at each instruction, no
    // orders, maps or lists then; the arena's removed instructions make it only
    // conservative).
    let is_follow = |d: &fresnel_ir::Deref| {
        d.mode == VarMode::PhysicalStorageBuffer
            && matches!(d.kind, DerefKind::Cast { .. })
            && matches!(shader.types.get(d.ty), Type::Struct { .. })
    };
    let any_follow = shader.functions.iter().any(|(_, f)| {
        f.instrs
            .iter()
            .any(|(_, i)| matches!(&i.kind, InstrKind::Deref(d) if is_follow(d)))
    });
    if !any_follow {
        return FxHashMap::default();
    }
    // Slots in discovery order, with a union-find over their indices.
    let mut index: FxHashMap<Slot, usize> = FxHashMap::default();
    let mut slots: Vec<Slot> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut votes: Vec<(usize, TypeId)> = Vec::new();
    let mut unions: Vec<(usize, usize)> = Vec::new();
    let mut id_of = |s: Slot, slots: &mut Vec<Slot>, parent: &mut Vec<usize>| -> usize {
        *index.entry(s).or_insert_with(|| {
            slots.push(s);
            parent.push(parent.len());
            parent.len() - 1
        })
    };
    for (_, f) in shader.functions.iter() {
        for i in f.instrs_in_order() {
            match &f.instrs[i].kind {
                InstrKind::Deref(d)
                    if d.mode == VarMode::PhysicalStorageBuffer
                        && matches!(d.kind, DerefKind::Cast { .. })
                        && matches!(shader.types.get(d.ty), Type::Struct { .. }) =>
                {
                    let DerefKind::Cast { parent: addr } = d.kind else {
                        continue;
                    };
                    let mut o = Vec::new();
                    origins(shader, f, addr, &mut o);
                    for s in o {
                        let k = id_of(s, &mut slots, &mut parent);
                        votes.push((k, d.ty));
                    }
                }
                // Arguments are copied into the parameter variables: as stores.
                InstrKind::Call { func, args, .. } => {
                    let (ins, _) = call_vars(shader, *func);
                    for (&a, &var) in args.iter().zip(&ins) {
                        if shader.vars[var].init.is_some()
                            || !matches!(
                                shader.types.get(shader.vars[var].ty),
                                Type::Vector {
                                    base: BaseType::Uint,
                                    bits: 64,
                                    components: 1
                                }
                            )
                        {
                            continue;
                        }
                        let mut o = Vec::new();
                        origins(shader, f, a, &mut o);
                        if o.is_empty() {
                            continue;
                        }
                        let d = id_of(Slot::Var(var), &mut slots, &mut parent);
                        for s in o {
                            let k = id_of(s, &mut slots, &mut parent);
                            unions.push((d, k));
                        }
                    }
                }
                InstrKind::Intrinsic(x) if x.op == Intrinsic::StoreDeref => {
                    let Some(dst) = slot_of(shader, f, x.srcs[0]) else {
                        continue;
                    };
                    let mut o = Vec::new();
                    origins(shader, f, x.srcs[1], &mut o);
                    if o.is_empty() {
                        continue;
                    }
                    let d = id_of(dst, &mut slots, &mut parent);
                    for s in o {
                        let k = id_of(s, &mut slots, &mut parent);
                        unions.push((d, k));
                    }
                }
                _ => {}
            }
        }
    }
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (a, b) in unions {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    // One pointee type per class, or none when the class is followed as several types.
    let mut class_ty: FxHashMap<usize, Option<TypeId>> = FxHashMap::default();
    for (k, t) in votes {
        let r = find(&mut parent, k);
        let e = class_ty.entry(r).or_insert(Some(t));
        if *e != Some(t) {
            *e = None;
        }
    }
    // Types of variables with initializers keep their integers (the initializer is a
    // constant of the IR type).
    let mut inited: FxHashSet<TypeId> = FxHashSet::default();
    let mut todo: Vec<TypeId> = shader
        .vars
        .iter()
        .filter(|(_, v)| v.init.is_some())
        .map(|(_, v)| v.ty)
        .collect();
    while let Some(t) = todo.pop() {
        if !inited.insert(t) {
            continue;
        }
        match shader.types.get(t) {
            Type::Struct { fields, .. } => todo.extend(fields.iter().map(|f| f.ty)),
            Type::Array { elem, .. } => todo.push(*elem),
            _ => {}
        }
    }
    let mut out = FxHashMap::default();
    for (k, s) in slots.iter().enumerate() {
        if let Slot::Field(t, _) | Slot::Elem(t) = *s {
            if inited.contains(&t) {
                continue;
            }
        }
        let r = find(&mut parent, k);
        if let Some(&Some(t)) = class_ty.get(&r) {
            out.insert(*s, t);
        }
    }
    out
}

impl Module<'_> {
    /// The pointer type of a buffer reference to IR block type `pointee`
    /// (PhysicalStorageBuffer; the block decorated `Block`). While the block's own type is
    /// being declared (a reference to itself, directly or through other blocks), a forward
    /// pointer, defined once the block is.
    pub fn ref_pointer(&mut self, pointee: TypeId) -> Result<u32> {
        self.use_physical_storage_buffer();
        let key = (pointee, true, PHYSICAL_LAYOUT);
        if !self.ir_types.contains_key(&key) && self.ref_building.contains(&pointee) {
            if let Some(&p) = self.ref_pending.get(&pointee) {
                return Ok(p);
            }
            let p = self.id();
            self.globals
                .inst(TYPE_FORWARD_POINTER, &[p, storage::PHYSICAL_STORAGE_BUFFER]);
            self.ref_pending.insert(pointee, p);
            self.ref_ptrs.insert(p, pointee);
            return Ok(p);
        }
        let t = self.ir_type(pointee, true, Some(PHYSICAL_LAYOUT))?;
        Ok(self.ref_pointer_to(pointee, t))
    }

    /// The pointer to the declared physical block type `t` of `pointee`.
    fn ref_pointer_to(&mut self, pointee: TypeId, t: u32) -> u32 {
        if self.members.contains_key(&t) && self.phys_blocks.insert(t) {
            self.decorate(t, super::spec::decor::BLOCK, &[]);
        }
        let p = self.pointer(storage::PHYSICAL_STORAGE_BUFFER, t);
        self.ref_ptrs.insert(p, pointee);
        p
    }

    /// The SPIR-V type a parameter or result variable of kind `k` is passed as: a buffer
    /// reference pointer when the variable holds one (`Slot::Var`), else its kind's type.
    pub fn param_type(&mut self, var: VarId, k: super::types::Kind) -> Result<u32> {
        // (Issue 5, helper K) An array parameter of a decode function (`types.rs`
        // `func_sig`): the array type itself.
        let vty = self.shader.vars[var].ty;
        if super::coopmat_khr::value_array(&self.shader.types, vty) {
            return self.ir_type(vty, false, None);
        }
        match self.ref_slots.get(&Slot::Var(var)) {
            Some(&t) => self.ref_pointer(t),
            None => Ok(self.kind_type(k)),
        }
    }

    /// Called when struct type `ty` was declared as `t` in the physical layout: defines the
    /// forward pointer made for it meanwhile, if any.
    pub(super) fn ref_struct_done(&mut self, ty: TypeId, t: u32) {
        self.ref_building.remove(&ty);
        if let Some(p) = self.ref_pending.remove(&ty) {
            let class = storage::PHYSICAL_STORAGE_BUFFER;
            self.globals.inst(op::TYPE_POINTER, &[p, class, t]);
            self.type_cache
                .insert(super::types::type_key(op::TYPE_POINTER, &[class, t]), p);
            self.pointee.insert(p, t);
            self.pointers.insert((class, t), p);
            if self.members.contains_key(&t) && self.phys_blocks.insert(t) {
                self.decorate(t, super::spec::decor::BLOCK, &[]);
            }
        }
    }
}

/// The block type a phi's value points at when every value reaching it (through other
/// phis) is a buffer reference loaded from a slot declared as a pointer to that block (or
/// undefined): such phis are pointers too.
pub fn phi_pointee(
    shader: &Shader,
    f: &Function,
    phi: ValueId,
    slots: &FxHashMap<Slot, TypeId>,
) -> Option<TypeId> {
    let mut stack = vec![phi];
    let mut seen: FxHashSet<ValueId> = FxHashSet::default();
    let mut found = None;
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        if seen.len() > TRACE_LIMIT {
            return None;
        }
        match &f.def(v).kind {
            InstrKind::Phi { srcs, .. } => stack.extend(srcs.iter().map(|(_, s)| *s)),
            InstrKind::Undef { .. } => {}
            InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadDeref => {
                let t = slot_of(shader, f, x.srcs[0]).and_then(|s| slots.get(&s))?;
                if found.is_some_and(|f| f != *t) {
                    return None;
                }
                found = Some(*t);
            }
            _ => return None,
        }
    }
    found
}
