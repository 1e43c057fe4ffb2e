//! Linking the compilation units of one stage into one shader (issue 4), after Mesa's
//! `link_intrastage_shaders` / `link_functions.cpp`.
//!
//! GLSL lets a stage be made of several shaders ("compilation units"): a function may be
//! called in one unit and defined in another, and globals of the same name in several
//! units are one variable. An undefined function is a *link* error, not a compile error,
//! so the lowering turns a function a unit calls but does not define into a declaration
//! ([`fresnel_ir::Function::external`]), and [`link_units`] binds it here:
//!
//! - types are re-interned into the linked shader's table;
//! - globals (every mode but `function`) are merged by name (stage inputs and outputs by
//!   name and direction): the same type is required, as are equal initializers and equal
//!   explicit locations, components, bindings, sets and interpolation where both units give
//!   one (Mesa's `cross_validate_globals`); the lowering's anonymous aggregate constants
//!   (globals named `const`) stay private to their unit;
//! - functions are matched by name and signature (parameter directions and types, result
//!   type; the lowering's `.N` suffix for overloads is not part of the name): two
//!   definitions are an error, a declaration is bound to the one definition;
//! - exactly one unit defines `main`; only the functions it reaches are kept (Mesa pulls in
//!   exactly those), a call it reaches of a function no unit defines is an error naming the
//!   function, and so is recursion through several units;
//! - stage-wide facts (workgroup size, geometry and tessellation modes, fragment modes,
//!   specialization constants) are merged; two units giving different values is an error;
//!   so are two push-constant blocks, and several GLSL ES units (ES allows one per stage).

use rustc_hash::FxHashMap;

use fresnel_ir::{
    DerefKind, EntityId, FuncId, Function, InstrKind, ParamDir, Shader, ShaderInfo, Stage, Type,
    TypeId, Types, VarId, VarMode, Variable,
};

use crate::LinkError;

/// Options of [`link_units_with`].
#[derive(Clone, Debug)]
pub struct UnitLinkOptions {
    /// A declaration without a definition of its exact signature may be bound to one whose
    /// `in` parameters its arguments reach by implicit conversions (desktop GLSL 1.20 and
    /// later; GLSL 1.10 and GLSL ES have none). Default: true.
    pub implicit_conversions: bool,
    /// The units are GLSL ES, which allows one shader per stage in a program: several are
    /// an error. Default: false.
    pub es: bool,
}

impl Default for UnitLinkOptions {
    fn default() -> Self {
        UnitLinkOptions {
            implicit_conversions: true,
            es: false,
        }
    }
}

/// Links units of one stage given with labels for messages (file names), with the default
/// options; see the module docs.
pub fn link_units_named(units: Vec<(String, Shader)>) -> Result<Shader, LinkError> {
    link_units_with(units, &UnitLinkOptions::default())
}

/// Links units of one stage given with labels for messages (file names).
pub fn link_units_with(
    units: Vec<(String, Shader)>,
    opts: &UnitLinkOptions,
) -> Result<Shader, LinkError> {
    let Some(stage) = units.first().map(|u| u.1.stage) else {
        return Err(LinkError::new("no compilation units to link"));
    };
    if let Some((label, u)) = units.iter().find(|u| u.1.stage != stage) {
        return Err(LinkError::new(format!(
            "{label} is a {} shader, but {} is a {} shader: units linked together must be of \
             one stage",
            u.stage.name(),
            units[0].0,
            stage.name()
        )));
    }
    if opts.es && units.len() > 1 {
        return Err(LinkError::new(format!(
            "GLSL ES allows one {} shader per program, not {} ({} and {})",
            stage.name(),
            units.len(),
            units[0].0,
            units[1].0
        )));
    }
    let mut l = Linker::new(stage, &units);
    l.implicit_conversions = opts.implicit_conversions;
    l.link()
}

/// Links units of one stage (labelled `unit 1`, `unit 2`, ... in messages); see the
/// module docs.
pub fn link_units(units: Vec<Shader>) -> Result<Shader, LinkError> {
    link_units_named(
        units
            .into_iter()
            .enumerate()
            .map(|(i, u)| (format!("unit {}", i + 1), u))
            .collect(),
    )
}

/// A function's identity across units: base name, parameters (direction, type) and
/// result type, with types of the linked shader.
type Signature = (String, Vec<(ParamDir, TypeId)>, Option<TypeId>);

struct Linker<'a> {
    units: &'a [(String, Shader)],
    out: Shader,
    /// Per unit: its types in the linked table.
    types: Vec<Vec<TypeId>>,
    /// Per unit: its variables in the linked shader.
    vars: Vec<Vec<VarId>>,
    /// Per unit: the first linked id of its functions (unit functions keep their order).
    func_base: Vec<u32>,
    /// Which unit and variable a merged global came from first (for messages).
    global_origin: FxHashMap<VarId, usize>,
    implicit_conversions: bool,
}

impl<'a> Linker<'a> {
    fn new(stage: Stage, units: &'a [(String, Shader)]) -> Linker<'a> {
        Linker {
            units,
            out: Shader::new(stage),
            types: Vec::new(),
            vars: Vec::new(),
            func_base: Vec::new(),
            global_origin: FxHashMap::default(),
            implicit_conversions: true,
        }
    }

    fn link(mut self) -> Result<Shader, LinkError> {
        let units = self.units;
        // The unit defining `main`.
        let mains: Vec<usize> = units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.1.entry.is_some())
            .map(|(i, _)| i)
            .collect();
        match mains.as_slice() {
            [] => {
                return Err(LinkError::new(format!(
                    "no {} unit defines `main`",
                    self.out.stage.name()
                )))
            }
            [_] => {}
            [a, b, ..] => {
                return Err(LinkError::new(format!(
                    "`main` is defined in both {} and {}",
                    units[*a].0, units[*b].0
                )))
            }
        }
        for (i, (_, u)) in units.iter().enumerate() {
            let t = import_types(&u.types, &mut self.out.types)
                .map_err(|m| LinkError::new(format!("{}: {m}", units[i].0)))?;
            self.types.push(t);
        }
        let mut next = 0u32;
        for (_, u) in units {
            self.func_base.push(next);
            next = next.saturating_add(u.functions.len() as u32);
        }
        self.merge_vars()?;
        // Definitions by signature.
        let mut defs: FxHashMap<Signature, (usize, FuncId)> = FxHashMap::default();
        let mut sigs: Vec<Vec<Signature>> = Vec::new();
        for (ui, (_, u)) in units.iter().enumerate() {
            let mut list = Vec::new();
            for (fid, f) in u.functions.iter() {
                let sig = self.signature(ui, f);
                if !f.is_declaration() {
                    if let Some(&(other, _)) = defs.get(&sig) {
                        return Err(LinkError::new(format!(
                            "function `{}` is defined in both {} and {}",
                            sig.0, units[other].0, units[ui].0
                        )));
                    }
                    defs.insert(sig.clone(), (ui, self.linked_func(ui, fid)));
                }
                list.push(sig);
            }
            sigs.push(list);
        }
        // Declarations without a definition of their exact signature may match one through
        // implicit conversions of `in` arguments (GLSL 1.20 section 6.1; Mesa's linker
        // looks for a matching signature the same way).
        let mut converted: FxHashMap<Signature, (FuncId, Vec<Conversion>)> = FxHashMap::default();
        for list in &sigs {
            for sig in list {
                if !self.implicit_conversions
                    || defs.contains_key(sig)
                    || converted.contains_key(sig)
                {
                    continue;
                }
                if let Some(m) = self.match_with_conversions(sig, &defs)? {
                    converted.insert(sig.clone(), m);
                }
            }
        }
        // The functions, calls bound to definitions.
        for (ui, (_, u)) in units.iter().enumerate() {
            for (fid, f) in u.functions.iter() {
                let mut g = f.clone();
                let mut conv_calls: Vec<(fresnel_ir::InstrId, Vec<Conversion>)> = Vec::new();
                let vmap = &self.vars[ui];
                let var = |v: VarId| vmap.get(v.index()).copied().unwrap_or(v);
                for p in &mut g.params {
                    p.var = var(p.var);
                }
                g.ret = g.ret.map(var);
                for l in &mut g.locals {
                    *l = var(*l);
                }
                for (iid, ins) in g.instrs.iter_mut() {
                    match &mut ins.kind {
                        InstrKind::Deref(d) => {
                            d.ty = self.types[ui].get(d.ty.index()).copied().unwrap_or(d.ty);
                            if let DerefKind::Var(v) = &mut d.kind {
                                *v = var(*v);
                                // A variable's deref has the variable's type: the linked one,
                                // which for an implicitly sized array of this unit is the
                                // size another unit gives it (`merge_global`).
                                if let Some(linked) = self.out.vars.get(*v) {
                                    d.ty = linked.ty;
                                }
                            }
                        }
                        InstrKind::Call { func, .. } => {
                            let callee = u.functions.get(*func);
                            let bound = match callee {
                                Some(c) if c.is_declaration() => {
                                    let sig = &sigs[ui][func.index()];
                                    defs.get(sig).map(|d| d.1).or_else(|| {
                                        let (def, convs) = converted.get(sig)?;
                                        if !ins.removed {
                                            conv_calls.push((iid, convs.clone()));
                                        }
                                        Some(*def)
                                    })
                                }
                                _ => None,
                            };
                            *func = bound.unwrap_or_else(|| self.linked_func(ui, *func));
                        }
                        // A vendor operation's function argument: its function here.
                        InstrKind::Intrinsic(x) => {
                            for k in fresnel_ir::IndexKind::CALLEES {
                                if let Some(c) = x.index(k).and_then(|c| u32::try_from(c).ok()) {
                                    let to = self.linked_func(ui, FuncId(c)).index() as i64;
                                    x.set_index(k, to);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                for (call, convs) in conv_calls {
                    convert_args(&mut g, call, &convs);
                }
                debug_assert_eq!(self.out.functions.len(), self.linked_func(ui, fid).index());
                self.out.functions.push(g);
            }
        }
        let main_unit = mains[0];
        if let Some(e) = units[main_unit].1.entry {
            if units[main_unit]
                .1
                .functions
                .get(e)
                .is_none_or(|f| f.is_declaration())
            {
                return Err(LinkError::new(format!(
                    "`main` of {} has no body",
                    units[main_unit].0
                )));
            }
        }
        self.out.entry = units[main_unit]
            .1
            .entry
            .map(|e| self.linked_func(main_unit, e));
        self.merge_info()?;
        let pc: Vec<&Variable> = self
            .out
            .vars
            .values()
            .filter(|v| v.mode == VarMode::PushConstant)
            .collect();
        if let [a, b, ..] = pc.as_slice() {
            return Err(LinkError::new(format!(
                "only one push_constant block is allowed per stage (`{}` and `{}`)",
                a.name, b.name
            )));
        }
        self.keep_reachable()?;
        self.unique_names();
        Ok(self.out)
    }

    /// The one definition a declaration without an exact match can be called as, with
    /// implicit conversions of its `in` arguments (same name, parameter directions and
    /// result type; `out`/`inout` parameters exact). Several candidates: an error.
    fn match_with_conversions(
        &self,
        sig: &Signature,
        defs: &FxHashMap<Signature, (usize, FuncId)>,
    ) -> Result<Option<(FuncId, Vec<Conversion>)>, LinkError> {
        let types = &self.out.types;
        let mut found: Vec<(&Signature, FuncId, Vec<Conversion>)> = Vec::new();
        for (d, &(_, fid)) in defs {
            if d.0 != sig.0 || d.1.len() != sig.1.len() || d.2 != sig.2 {
                continue;
            }
            let convs: Option<Vec<Conversion>> = sig
                .1
                .iter()
                .zip(&d.1)
                .map(|(&(dir, from), &(ddir, to))| {
                    if dir != ddir {
                        None
                    } else if from == to {
                        Some(Conversion::None)
                    } else if dir == ParamDir::In {
                        implicit_conversion(types, from, to)
                    } else {
                        None
                    }
                })
                .collect();
            if let Some(c) = convs {
                // One per argument: the `in` and `inout` parameters.
                let c = c
                    .into_iter()
                    .zip(&sig.1)
                    .filter(|(_, p)| p.0 != ParamDir::Out)
                    .map(|(c, _)| c)
                    .collect();
                found.push((d, fid, c));
            }
        }
        // GLSL 4.00's ranking: the candidate no worse than every other for each argument
        // (and better for one) wins.
        let rank = |c: &Conversion| match c {
            Conversion::None => 0,
            Conversion::Op(fresnel_ir::AluOp::F2f, _) => 1,
            Conversion::Op(_, 32) => 2,
            Conversion::Op(..) => 3,
        };
        let better = |a: &[Conversion], b: &[Conversion]| {
            a.iter().zip(b).all(|(x, y)| rank(x) <= rank(y))
                && a.iter().zip(b).any(|(x, y)| rank(x) < rank(y))
        };
        let best: Vec<usize> = (0..found.len())
            .filter(|&i| (0..found.len()).all(|j| j == i || better(&found[i].2, &found[j].2)))
            .collect();
        match (found.len(), best.as_slice()) {
            (0, _) => Ok(None),
            (1, _) => {
                let (_, fid, c) = found.swap_remove(0);
                Ok(Some((fid, c)))
            }
            (_, [i]) => {
                let (_, fid, c) = found.swap_remove(*i);
                Ok(Some((fid, c)))
            }
            _ => Err(LinkError::new(format!(
                "a call of `{}` matches several definitions through implicit conversions",
                sig.0
            ))),
        }
    }

    fn linked_func(&self, unit: usize, f: FuncId) -> FuncId {
        FuncId(self.func_base[unit].saturating_add(f.0))
    }

    fn signature(&self, unit: usize, f: &Function) -> Signature {
        let u = &self.units[unit].1;
        let ty = |v: VarId| -> TypeId {
            let t = u.vars.get(v).map_or(TypeId(u32::MAX), |x| x.ty);
            self.types[unit]
                .get(t.index())
                .copied()
                .unwrap_or(TypeId(u32::MAX))
        };
        (
            base_name(&f.name).to_string(),
            f.params.iter().map(|p| (p.dir, ty(p.var))).collect(),
            f.ret.map(ty),
        )
    }

    /// Every variable of every unit into the linked shader, globals merged by name.
    fn merge_vars(&mut self) -> Result<(), LinkError> {
        let units = self.units;
        let mut by_name: FxHashMap<(String, Option<VarMode>), VarId> = FxHashMap::default();
        for (ui, (label, u)) in units.iter().enumerate() {
            let mut map = Vec::with_capacity(u.vars.len());
            for (_, v) in u.vars.iter() {
                let mut nv = v.clone();
                nv.ty = self.types[ui]
                    .get(v.ty.index())
                    .copied()
                    .ok_or_else(|| LinkError::new(format!("{label}: `{}` has no type", v.name)))?;
                if v.mode == VarMode::Function {
                    nv.function = v.function.map(|f| self.linked_func(ui, f));
                    map.push(self.out.vars.push(nv));
                    continue;
                }
                if v.mode == VarMode::Global && v.name == "const" {
                    map.push(self.out.vars.push(nv));
                    continue;
                }
                let io = matches!(v.mode, VarMode::ShaderIn | VarMode::ShaderOut).then_some(v.mode);
                let key = (v.name.clone(), io);
                match by_name.get(&key) {
                    Some(&id) => {
                        let first = self.global_origin[&id];
                        self.merge_global(id, &nv, &units[first].0, label)?;
                        map.push(id);
                    }
                    None => {
                        let id = self.out.vars.push(nv);
                        self.global_origin.insert(id, ui);
                        by_name.insert(key, id);
                        map.push(id);
                    }
                }
            }
            self.vars.push(map);
        }
        // A structured heap's offset read from a block member names that block's linked
        // variable.
        for (ui, (_, u)) in units.iter().enumerate() {
            for (vid, v) in u.vars.iter() {
                if let Some(fresnel_ir::Heap {
                    offset: Some(fresnel_ir::HeapOffset::Member { var, .. }),
                    ..
                }) = &v.heap
                {
                    let (Some(&linked), Some(&target)) = (
                        self.vars[ui].get(vid.index()),
                        self.vars[ui].get(var.index()),
                    ) else {
                        return Err(LinkError::new(format!(
                            "the heap offset of `{}` names an unknown variable",
                            v.name
                        )));
                    };
                    if let Some(fresnel_ir::Heap {
                        offset: Some(fresnel_ir::HeapOffset::Member { var, .. }),
                        ..
                    }) = &mut self.out.vars[linked].heap
                    {
                        *var = target;
                    }
                }
            }
        }
        Ok(())
    }

    /// Merges `v` (of unit `b`) into the linked global `id` (first met in unit `a`).
    fn merge_global(&mut self, id: VarId, v: &Variable, a: &str, b: &str) -> Result<(), LinkError> {
        let types = &self.out.types;
        let old = &self.out.vars[id];
        let name = &v.name;
        if old.mode != v.mode {
            return Err(LinkError::new(format!(
                "`{name}` is a {} variable in {a} but a {} variable in {b}",
                old.mode.name(),
                v.mode.name()
            )));
        }
        // An implicitly sized array that a unit never indexes has no size there (length
        // 0): the linked array takes the size the other units give it (GLSL: the linker
        // sizes an implicitly sized array from all of its uses).
        let unsized_in = |t: fresnel_ir::TypeId, other: fresnel_ir::TypeId| {
            matches!(
                (types.get(t), types.get(other)),
                (Type::Array { elem: e, len: 0, .. }, Type::Array { elem: f, .. }) if e == f
            )
        };
        let merged_ty = if old.ty == v.ty || unsized_in(v.ty, old.ty) {
            old.ty
        } else if unsized_in(old.ty, v.ty) {
            v.ty
        } else {
            return Err(LinkError::new(format!(
                "`{name}` has type `{}` in {a} but type `{}` in {b}",
                types.display(old.ty),
                types.display(v.ty)
            )));
        };
        fn both<T: PartialEq + Copy>(x: Option<T>, y: Option<T>) -> Result<Option<T>, ()> {
            match (x, y) {
                (Some(p), Some(q)) if p != q => Err(()),
                _ => Ok(x.or(y)),
            }
        }
        let conflict = |what: &str| {
            LinkError::new(format!("`{name}` has a different {what} in {a} and in {b}"))
        };
        let location = both(old.location, v.location).map_err(|_| conflict("location"))?;
        let component = both(old.component, v.component).map_err(|_| conflict("component"))?;
        let index = both(old.index, v.index).map_err(|_| conflict("index"))?;
        let binding = both(old.binding, v.binding).map_err(|_| conflict("binding"))?;
        let set = both(old.set, v.set).map_err(|_| conflict("descriptor set"))?;
        let offset = both(old.offset, v.offset).map_err(|_| conflict("offset"))?;
        if old.interp != v.interp || old.sampling != v.sampling {
            return Err(conflict("interpolation qualifier"));
        }
        let same_heap = match (&old.heap, &v.heap) {
            (None, None) => true,
            (Some(p), Some(q)) => {
                p.kind == q.kind
                    && p.stride == q.stride
                    && p.offset.is_some() == q.offset.is_some()
                    && !matches!(
                        (&p.offset, &q.offset),
                        (Some(x), Some(y)) if !matches!(x, fresnel_ir::HeapOffset::Member { .. }) && x != y
                    )
            }
            _ => false,
        };
        if !same_heap {
            return Err(conflict("descriptor heap"));
        }
        // Mesa's cross_validate_globals: user variables agree on `invariant`.
        if !v.builtin && old.invariant != v.invariant {
            return Err(conflict("`invariant` qualifier"));
        }
        let init = match (&old.init, &v.init) {
            (Some(p), Some(q)) if p != q => {
                return Err(LinkError::new(format!(
                    "initializers for `{name}` have different values in {a} and {b}"
                )))
            }
            (Some(p), _) | (None, Some(p)) => Some(p.clone()),
            (None, None) => None,
        };
        let old = &mut self.out.vars[id];
        old.ty = merged_ty;
        old.location = location;
        old.component = component;
        old.index = index;
        old.binding = binding;
        old.set = set;
        old.offset = offset;
        old.init = init;
        old.invariant |= v.invariant;
        old.precise |= v.precise;
        old.access |= v.access;
        if old.members.is_empty() {
            old.members = v.members.clone();
        }
        if old.format.is_none() {
            old.format = v.format.clone();
        }
        Ok(())
    }

    /// Names unique in the linked shader (`f`, then `f.1`, ...), `main` first.
    fn unique_names(&mut self) {
        let mut used: rustc_hash::FxHashSet<String> = rustc_hash::FxHashSet::default();
        let order: Vec<FuncId> = self
            .out
            .entry
            .into_iter()
            .chain(
                self.out
                    .functions
                    .keys()
                    .filter(|f| Some(*f) != self.out.entry),
            )
            .collect();
        for fid in order {
            let base = base_name(&self.out.functions[fid].name).to_string();
            let mut name = base.clone();
            let mut n = 1;
            while used.contains(&name) {
                name = format!("{base}.{n}");
                n += 1;
            }
            used.insert(name.clone());
            self.out.functions[fid].name = name;
        }
    }

    /// Stage-wide facts of every unit, which must agree where two give them.
    fn merge_info(&mut self) -> Result<(), LinkError> {
        let units = self.units;
        let mut info = ShaderInfo {
            local_size: [1, 1, 1],
            ..ShaderInfo::default()
        };
        // The gl_FragCoord conventions of the units that use it.
        let mut frag_coord_layout: Option<(bool, bool)> = None;
        for (ui, (label, u)) in units.iter().enumerate() {
            let i = &u.info;
            let err = |what: &str| {
                LinkError::new(format!(
                    "{label} declares a different {what} than another unit of the stage"
                ))
            };
            if i.local_size != [1, 1, 1] {
                if info.local_size != [1, 1, 1] && info.local_size != i.local_size {
                    return Err(err("workgroup size (local_size)"));
                }
                info.local_size = i.local_size;
            }
            fn opt<T: Clone + PartialEq>(into: &mut Option<T>, from: &Option<T>) -> bool {
                match (&*into, from) {
                    (Some(a), Some(b)) => a == b,
                    (None, Some(b)) => {
                        *into = Some(b.clone());
                        true
                    }
                    _ => true,
                }
            }
            if let Some(g) = &i.geometry {
                // Field by field: a unit may give only the input primitive, another the
                // output and `max_vertices` (empty / 0 / 1 invocation: not given).
                let into = info
                    .geometry
                    .get_or_insert_with(|| fresnel_ir::GeometryInfo {
                        invocations: 1,
                        ..Default::default()
                    });
                let mut ok = true;
                for (a, b) in [(&mut into.input, &g.input), (&mut into.output, &g.output)] {
                    if a.is_empty() {
                        a.clone_from(b);
                    } else if !b.is_empty() && a != b {
                        ok = false;
                    }
                }
                for (a, b, unset) in [
                    (&mut into.max_vertices, g.max_vertices, 0),
                    (&mut into.invocations, g.invocations, 1),
                ] {
                    if *a == unset {
                        *a = b;
                    } else if b != unset && *a != b {
                        ok = false;
                    }
                }
                if !ok {
                    return Err(err("geometry layout"));
                }
            }
            if !opt(&mut info.tess_vertices, &i.tess_vertices) {
                return Err(err("number of output vertices"));
            }
            for k in 0..3 {
                if !opt(&mut info.local_size_id[k], &i.local_size_id[k]) {
                    return Err(err("workgroup size id"));
                }
            }
            if !opt(&mut info.tess_primitive, &i.tess_primitive)
                || !opt(&mut info.tess_spacing, &i.tess_spacing)
                || !opt(&mut info.tess_order, &i.tess_order)
            {
                return Err(err("tessellation layout"));
            }
            if !opt(&mut info.depth_layout, &i.depth_layout) {
                return Err(err("depth layout"));
            }
            // GLSL 1.50 "Built-In Variables": every fragment unit that uses (or redeclares)
            // gl_FragCoord redeclares it with the same qualifiers.
            let frag_coord = u
                .vars_of(fresnel_ir::VarMode::ShaderIn)
                .any(|(_, v)| v.builtin && v.name == "gl_FragCoord");
            if frag_coord {
                let q = (i.origin_upper_left, i.pixel_center_integer);
                match frag_coord_layout {
                    Some(p) if p != q => {
                        return Err(err(
                            "gl_FragCoord layout (origin_upper_left, pixel_center_integer)",
                        ))
                    }
                    _ => frag_coord_layout = Some(q),
                }
            }
            info.early_fragment_tests |= i.early_fragment_tests;
            info.origin_upper_left |= i.origin_upper_left;
            info.pixel_center_integer |= i.pixel_center_integer;
            info.tess_point_mode |= i.tess_point_mode;
            for b in &i.blend_support {
                if !info.blend_support.contains(b) {
                    info.blend_support.push(b.clone());
                }
            }
            for m in &i.other_modes {
                if !info.other_modes.contains(m) {
                    info.other_modes.push(m.clone());
                }
            }
            for sc in &i.spec_constants {
                let mut sc = sc.clone();
                sc.ty = self.types[ui].get(sc.ty.index()).copied().unwrap_or(sc.ty);
                match info.spec_constants.iter().find(|x| x.id == sc.id) {
                    Some(x) if *x != sc => {
                        return Err(LinkError::new(format!(
                            "specialization constant {} (`{}`) differs between units",
                            sc.id, sc.name
                        )))
                    }
                    Some(_) => {}
                    None => info.spec_constants.push(sc),
                }
            }
        }
        self.out.info = info;
        Ok(())
    }

    /// Keeps `main` and what it calls; a call of a declaration left, or a cycle, is an
    /// error.
    fn keep_reachable(&mut self) -> Result<(), LinkError> {
        let sh = &self.out;
        let Some(entry) = sh.entry else {
            return Ok(());
        };
        let n = sh.functions.len();
        let callees = |f: FuncId| -> Vec<FuncId> {
            let func = &sh.functions[f];
            func.instrs_in_order()
                .into_iter()
                .flat_map(|id| -> Vec<FuncId> {
                    match &func.instrs[id].kind {
                        InstrKind::Call { func, .. } if func.index() < n => vec![*func],
                        // Functions vendor operations take as arguments are kept too.
                        InstrKind::Intrinsic(x) => x
                            .callees()
                            .filter_map(|c| u32::try_from(c).ok())
                            .map(FuncId)
                            .filter(|c| c.index() < n)
                            .collect(),
                        _ => Vec::new(),
                    }
                })
                .collect()
        };
        // Depth-first from `main`: 0 unvisited, 1 on the stack, 2 done.
        let mut state = vec![0u8; n];
        let mut stack = vec![(entry, callees(entry), 0usize)];
        state[entry.index()] = 1;
        while let Some((f, cs, i)) = stack.last_mut() {
            if let Some(&c) = cs.get(*i) {
                *i += 1;
                let callee = &sh.functions[c];
                if callee.is_declaration() {
                    return Err(LinkError::new(format!(
                        "function `{}` is called from `{}` but no {} unit defines it",
                        base_name(&callee.name),
                        base_name(&sh.functions[*f].name),
                        sh.stage.name()
                    )));
                }
                match state[c.index()] {
                    0 => {
                        state[c.index()] = 1;
                        let cc = callees(c);
                        stack.push((c, cc, 0));
                    }
                    1 => {
                        return Err(LinkError::new(format!(
                            "recursive call of function `{}`",
                            base_name(&callee.name)
                        )))
                    }
                    _ => {}
                }
            } else {
                state[f.index()] = 2;
                stack.pop();
            }
        }
        self.out.retain_functions(|id, _| state[id.index()] == 2);
        Ok(())
    }
}

/// How an argument reaches a parameter of another type (implicit conversions).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Conversion {
    /// Passed as it is (same type, or the same bits: `int` to `uint`).
    None,
    /// An ALU conversion to `bits`.
    Op(fresnel_ir::AluOp, u8),
}

/// GLSL's implicit conversions between scalar/vector types of the same size: integers to
/// floats (1.20, 1.30), 32-bit types to doubles (4.00). (`int` to `uint`, also 4.00, is
/// left out: the IR does not say which GLSL version a unit was, and before 4.00 it would
/// make a wrong match.)
fn implicit_conversion(types: &Types, from: TypeId, to: TypeId) -> Option<Conversion> {
    use fresnel_ir::{AluOp, BaseType as B};
    let (
        Type::Vector {
            base: fb,
            bits: fbits,
            components: fc,
        },
        Type::Vector {
            base: tb,
            bits: tbits,
            components: tc,
        },
    ) = (types.get(from), types.get(to))
    else {
        return None;
    };
    if fc != tc || *fbits != 32 {
        return None;
    }
    Some(match (fb, tb, tbits) {
        (B::Int, B::Float, 32 | 64) => Conversion::Op(AluOp::I2f, *tbits),
        (B::Uint, B::Float, 32 | 64) => Conversion::Op(AluOp::U2f, *tbits),
        (B::Float, B::Float, 64) => Conversion::Op(AluOp::F2f, 64),
        _ => return None,
    })
}

/// Converts the arguments of call `call` (one conversion per parameter, `in`/`inout`
/// arguments in order) by instructions placed just before it.
fn convert_args(f: &mut Function, call: fresnel_ir::InstrId, convs: &[Conversion]) {
    let InstrKind::Call { args, .. } = &f.instrs[call].kind else {
        return;
    };
    let args = args.clone();
    let block = f.instrs[call].block;
    for (i, (arg, conv)) in args.iter().zip(convs).enumerate() {
        let Conversion::Op(op, bits) = *conv else {
            continue;
        };
        let n = f.values[*arg].num_components;
        let src = *arg;
        let id = f.new_instr(block, &[(bits, n)], |d| {
            InstrKind::Alu(fresnel_ir::Alu {
                op,
                dest: d[0],
                srcs: [fresnel_ir::AluSrc::new(src)].into_iter().collect(),
                exact: false,
            })
        });
        let at = f.blocks[block]
            .instrs
            .iter()
            .position(|x| *x == call)
            .unwrap_or(0);
        f.insert_instr(block, at, id);
        let dest = f.instrs[id].kind.dests()[0];
        f.set_src(call, i, dest);
    }
}

/// A function's name without the lowering's `.N` overload suffix (GLSL names have no `.`).
fn base_name(name: &str) -> &str {
    name.split('.').next().unwrap_or(name)
}

/// Interns every type of `src` into `dst` (types refer only to earlier ones, as interning
/// makes them); returns the new id of each.
fn import_types(src: &Types, dst: &mut Types) -> Result<Vec<TypeId>, String> {
    let mut map: Vec<TypeId> = Vec::with_capacity(src.len());
    for (id, t) in src.iter() {
        let m = |x: TypeId| -> Result<TypeId, String> {
            map.get(x.index())
                .copied()
                .ok_or_else(|| format!("type {id} refers to a later type"))
        };
        let nt = match t {
            Type::Array { elem, len, stride } => {
                let elem = m(*elem)?;
                if let Some(e) = src.spec_length(id) {
                    map.push(dst.spec_array(elem, *len, *stride, e.clone()));
                    continue;
                }
                Type::Array {
                    elem,
                    len: *len,
                    stride: *stride,
                }
            }
            Type::Struct {
                name,
                fields,
                block,
            } => {
                let mut fs = fields.clone();
                for f in &mut fs {
                    f.ty = m(f.ty)?;
                }
                Type::Struct {
                    name: name.clone(),
                    fields: fs,
                    block: *block,
                }
            }
            other => other.clone(),
        };
        let nid = dst.intern(nt);
        if let Type::Struct { fields, .. } = t {
            let prec: Vec<_> = (0..fields.len())
                .map(|k| src.member_precision(id, k))
                .collect();
            if prec.iter().any(|p| *p != fresnel_ir::Precision::None)
                && (0..fields.len())
                    .all(|k| dst.member_precision(nid, k) == fresnel_ir::Precision::None)
            {
                dst.set_member_precision(nid, prec);
            }
        }
        map.push(nid);
    }
    Ok(map)
}
