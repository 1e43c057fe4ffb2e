//! The lowering context, functions (IR functions called with copy-in/copy-out, or inlined
//! when they take or return what values cannot carry), and the module driver.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use fresnel_ir::{
    Builder, EntityVec, FuncId, Function, JumpKind, Param, ParamDir, Shader, ShaderInfo, Stage,
    Types, ValueId, VarId, VarMode, Variable,
};
use fresnel_sema::hir::{self, ExprKind, StmtKind, Storage};
use fresnel_sema::types::TypeId as HirTypeId;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::source::Span;

use crate::expr::Place;
use crate::types::{contains_opaque, ir_type, shape, value_bits, Shape};
use crate::{limits, LowerError, LowerOptions, Operand};

/// An `out`/`inout` argument of an inlined call: the argument's place, the parameter's
/// variable and type, and the argument's type (the value is converted back to it).
pub(crate) type CopyBack = (Place, VarId, HirTypeId, HirTypeId);

/// How a HIR global is reached.
#[derive(Copy, Clone, Debug)]
pub enum Global {
    /// A whole IR variable.
    Var(VarId),
    /// Member `n` of a (non-built-in) anonymous block variable.
    Member(VarId, u32),
    /// A built-in block instance (`gl_in`, `gl_out`): flattened per member.
    BuiltinBlock,
    /// A constant: its value is used.
    Const,
}

/// Shader-wide lowering state.
pub struct Cx<'m> {
    pub m: &'m hir::Module,
    pub interner: &'m Interner,
    pub opts: &'m LowerOptions,
    pub stage: Stage,
    pub vars: EntityVec<VarId, Variable>,
    pub globals: FxHashMap<hir::VarId, Global>,
    /// Flattened built-ins by name and mode.
    pub flat: FlatBuiltins,
    pub funcs: FxHashMap<hir::FuncId, FuncId>,
    pub ir_funcs: EntityVec<FuncId, Function>,
    pub queue: Vec<hir::FuncId>,
    /// Globals with initializers that are not constant: stored at the start of `main`.
    pub global_inits: Vec<hir::VarId>,
    pub info: ShaderInfo,
    /// Instructions of the functions built so far.
    pub total_instrs: usize,
    /// Global variables holding the values of aggregate constants.
    pub const_vars: FxHashMap<hir::VarId, VarId>,
    /// Sizes implied by constant indices, for arrays declared without one (computed on
    /// first need).
    pub implicit_sizes: Option<FxHashMap<hir::VarId, u32>>,
    /// Global variables holding aggregate constant values, by type and value.
    pub const_values: FxHashMap<(fresnel_ir::TypeId, fresnel_ir::Constant), VarId>,
    used_names: FxHashSet<String>,
    /// The flattened forms of functions taking or returning aggregates (crate::flat_call).
    pub flat_fns: FxHashMap<hir::FuncId, FuncId>,
    /// Flattened functions whose bodies are still to lower.
    pub flat_queue: Vec<hir::FuncId>,
    /// Whether any HIR type is a vendor extension type (`crate::vendor::is_vendor`).
    pub any_vendor: bool,
    /// Whether any variable is declared `nonuniformEXT` (when none is, reads of variables
    /// need no look-up of the variable they read: performance).
    pub any_nonuniform_var: bool,
    /// The family of built-ins lowering each built-in function name met so far
    /// (`crate::builtins::lower_builtin`).
    pub builtin_families: FxHashMap<&'static str, u8>,
}

/// A HIR local bound in the function being built.
#[derive(Clone, Debug)]
pub enum Local {
    Var(VarId),
    /// An opaque parameter of an inlined function: the argument's deref.
    Operand(Operand),
}

/// A construct a `break`, `continue` or `return` can leave (each is an IR loop).
#[derive(Clone, Debug)]
pub struct Ctl {
    pub kind: CtlKind,
    /// The flag recording a jump that had to leave inner constructs first.
    pub flag: Option<VarId>,
    /// Targets (indices into the control stack) whose flags are checked after this closes.
    pub checks: Vec<usize>,
}

#[derive(Clone, Debug)]
pub enum CtlKind {
    Loop,
    Switch,
    /// An inlined function body; `ret` holds its return value. A `flat` body returns only
    /// at its end and is not wrapped in a loop.
    Inline {
        ret: Option<(VarId, HirTypeId)>,
        flat: bool,
    },
}

/// One function being built.
pub struct FnCx<'a, 'f, 'm> {
    pub cx: &'a mut Cx<'m>,
    pub b: Builder<'f>,
    pub fid: FuncId,
    pub locals: FxHashMap<hir::VarId, Local>,
    /// The return variable of the (non-inlined) function and its type.
    pub ret: Option<(VarId, HirTypeId)>,
    pub ctl: Vec<Ctl>,
    /// Inline for a few levels of inlining (performance: no allocation per function).
    pub inline_stack: SmallVec<[hir::FuncId; 4]>,
    /// The expression or statement being lowered (for errors).
    pub span: Span,
    /// Values already given to an expression's result (marked with that expression's
    /// precision or left unmarked); an enclosing expression does not mark them again.
    pub claimed: fresnel_ir::analysis::BitSet,
}

fn ir_stage(s: fresnel_syntax::version::Stage) -> Stage {
    use fresnel_syntax::version::Stage as S;
    match s {
        S::Vertex => Stage::Vertex,
        S::TessControl => Stage::TessControl,
        S::TessEval => Stage::TessEval,
        S::Geometry => Stage::Geometry,
        S::Fragment => Stage::Fragment,
        S::Compute => Stage::Compute,
        S::Task => Stage::Task,
        S::Mesh => Stage::Mesh,
        S::RayGen => Stage::RayGen,
        S::Intersect => Stage::Intersect,
        S::AnyHit => Stage::AnyHit,
        S::ClosestHit => Stage::ClosestHit,
        S::Miss => Stage::Miss,
        S::Callable => Stage::Callable,
    }
}

/// Collects the user functions called (directly) from a statement tree.
fn callees(m: &hir::Module, s: hir::StmtId, out: &mut Vec<hir::FuncId>) {
    fn expr(m: &hir::Module, e: hir::ExprId, out: &mut Vec<hir::FuncId>) {
        // A function named as an argument of a vendor operation is used as if called (no
        // lookup when there are none, the common case: performance).
        if !m.func_args.is_empty() {
            if let Some(&f) = m.func_args.get(&e) {
                out.push(f);
            }
        }
        match &m.expr(e).kind {
            ExprKind::Var(_) | ExprKind::Const(_) | ExprKind::StrLit(_) | ExprKind::Error => {}
            ExprKind::Unary(_, a)
            | ExprKind::Member(a, _)
            | ExprKind::Swizzle(a, _)
            | ExprKind::Convert(a)
            | ExprKind::ArrayLength(a) => expr(m, *a, out),
            ExprKind::Binary(_, a, b)
            | ExprKind::Index(a, b)
            | ExprKind::Assign { lhs: a, rhs: b, .. } => {
                expr(m, *a, out);
                expr(m, *b, out);
            }
            ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => {
                expr(m, *cond, out);
                expr(m, *then_expr, out);
                expr(m, *else_expr, out);
            }
            ExprKind::Comma(v) | ExprKind::Builtin(_, v) | ExprKind::Construct(_, v) => {
                v.iter().for_each(|x| expr(m, *x, out))
            }
            ExprKind::Call(f, v) => {
                out.push(*f);
                v.iter().for_each(|x| expr(m, *x, out));
            }
            ExprKind::SubroutineCall(a, v) => {
                out.extend_from_slice(crate::subroutine::compatible(m, m.expr(*a).ty));
                expr(m, *a, out);
                v.iter().for_each(|x| expr(m, *x, out));
            }
        }
    }
    fn var(m: &hir::Module, v: hir::VarId, out: &mut Vec<hir::FuncId>) {
        if let Some(i) = m.var(v).init {
            expr(m, i, out);
        }
    }
    match &m.stmt(s).kind {
        StmtKind::Block(v) => v.iter().for_each(|x| callees(m, *x, out)),
        StmtKind::Expr(e) => expr(m, *e, out),
        StmtKind::Decl(vs) => vs.iter().for_each(|v| var(m, *v, out)),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            expr(m, *cond, out);
            callees(m, *then_branch, out);
            if let Some(e) = else_branch {
                callees(m, *e, out);
            }
        }
        StmtKind::Switch { selector, body } => {
            expr(m, *selector, out);
            body.iter().for_each(|x| callees(m, *x, out));
        }
        StmtKind::While {
            cond_var,
            cond,
            body,
        } => {
            if let Some(v) = cond_var {
                var(m, *v, out);
            }
            expr(m, *cond, out);
            callees(m, *body, out);
        }
        StmtKind::DoWhile { body, cond } => {
            callees(m, *body, out);
            expr(m, *cond, out);
        }
        StmtKind::For {
            init,
            cond_var,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                callees(m, *i, out);
            }
            if let Some(v) = cond_var {
                var(m, *v, out);
            }
            if let Some(c) = cond {
                expr(m, *c, out);
            }
            if let Some(s) = step {
                expr(m, *s, out);
            }
            callees(m, *body, out);
        }
        StmtKind::Return(Some(e)) => expr(m, *e, out),
        _ => {}
    }
}

/// Rejects recursion reachable from `main`.
fn check_recursion(
    m: &hir::Module,
    interner: &Interner,
    main: hir::FuncId,
) -> Result<(), LowerError> {
    // No call anywhere: nothing recurses (performance: one pass over the expression arena
    // instead of a walk of every statement tree reached).
    let calls = |e: &hir::Expr| matches!(e.kind, ExprKind::Call(..) | ExprKind::SubroutineCall(..));
    if m.func_args.is_empty() && !m.exprs.iter().any(calls) {
        return Ok(());
    }
    // 0 unvisited, 1 on the stack, 2 done.
    let mut state = vec![0u8; m.functions.len()];
    let mut graph: Vec<Option<Vec<hir::FuncId>>> = vec![None; m.functions.len()];
    // Iterative DFS: (function, next callee index).
    let mut stack: Vec<(hir::FuncId, usize)> = vec![(main, 0)];
    state[main.index()] = 1;
    while let Some(&mut (f, ref mut i)) = stack.last_mut() {
        let list = graph[f.index()].get_or_insert_with(|| {
            let mut out = Vec::new();
            if let Some(b) = m.function(f).body {
                callees(m, b, &mut out);
            }
            out
        });
        if *i < list.len() {
            let g = list[*i];
            *i += 1;
            match state.get(g.index()) {
                Some(1) => {
                    return Err(LowerError::new(
                        format!(
                            "recursive call of function `{}`",
                            interner.resolve(m.function(g).name)
                        ),
                        Some(m.function(g).span),
                    ))
                }
                Some(0) => {
                    state[g.index()] = 1;
                    stack.push((g, 0));
                }
                _ => {}
            }
        } else {
            state[f.index()] = 2;
            stack.pop();
        }
    }
    Ok(())
}

/// Lowers a whole module.
pub fn lower_module(
    m: &hir::Module,
    interner: &Interner,
    opts: &LowerOptions,
) -> Result<Shader, LowerError> {
    let stage = m
        .stage
        .map(ir_stage)
        .ok_or_else(|| LowerError::new("the shader stage is not known", None))?;
    // A shader without `main` (a unit for linking) has only its globals.
    let main = m
        .functions
        .iter()
        .enumerate()
        .find(|(_, f)| interner.resolve(f.name) == "main" && f.body.is_some())
        .map(|(i, _)| hir::FuncId(i as u32));
    if let Some(main) = main {
        check_recursion(m, interner, main)?;
    }
    // About one IR type per HIR type (performance: the type table is sized once).
    let mut types = Types::with_capacity(m.types.len());
    let mut cx = Cx {
        m,
        interner,
        opts,
        stage,
        vars: EntityVec::new(),
        globals: FxHashMap::default(),
        flat: FlatBuiltins::default(),
        funcs: FxHashMap::default(),
        ir_funcs: EntityVec::new(),
        queue: Vec::new(),
        global_inits: Vec::new(),
        info: ShaderInfo {
            local_size: [1, 1, 1],
            ..ShaderInfo::default()
        },
        total_instrs: 0,
        const_vars: FxHashMap::default(),
        const_values: FxHashMap::default(),
        implicit_sizes: None,
        used_names: FxHashSet::default(),
        flat_fns: FxHashMap::default(),
        flat_queue: Vec::new(),
        any_vendor: (0..m.types.len())
            .any(|i| crate::vendor::is_vendor(m, fresnel_sema::types::TypeId(i as u32))),
        any_nonuniform_var: m.vars.iter().any(|v| {
            v.quals
                .ext
                .iter()
                .any(|q| interner.resolve(*q) == "nonuniformEXT")
        }),
        builtin_families: FxHashMap::default(),
    };
    cx.stage_info();
    cx.spirv_modes()?;
    // Room for the variables, about one per HIR variable (globals, the built-ins named,
    // locals and parameters), and for the user globals' bindings (performance: the arena
    // of large `Variable`s and the map are not regrown while they are made).
    let user_globals = m.globals.iter().filter(|&&g| !m.var(g).builtin).count();
    cx.vars.reserve(m.vars.len().max(user_globals));
    cx.globals.reserve(user_globals);
    // Every user global gets its variable, in declaration order; built-ins when used.
    for &g in &m.globals {
        let v = m.var(g);
        if !v.builtin {
            cx.global(&mut types, g, v.span)?;
        }
    }
    crate::subroutine::retype_uniforms(&mut cx, &mut types);
    let mut entry = None;
    if let Some(main) = main {
        let e = cx.ir_funcs.push(Function::new("main"));
        cx.used_names.insert("main".into());
        cx.funcs.insert(main, e);
        entry = Some(e);
        lower_function(&mut cx, &mut types, main, e, true)?;
        drain_queues(&mut cx, &mut types)?;
    }
    // A unit for linking (no `main`, or calling functions another unit defines, which
    // become declarations: see `Cx::callee`) keeps every function it defines that can be
    // called across units (parameters and result passed as values), as Mesa compiles
    // every function of every unit and its linker pulls in what `main` reaches.
    let has_declarations = cx.ir_funcs.values().any(|f| f.is_declaration());
    if main.is_none() || has_declarations {
        for (i, func) in m.functions.iter().enumerate() {
            let hf = hir::FuncId(i as u32);
            if func.body.is_none() || interner.resolve(func.name) == "main" {
                continue;
            }
            if callable_by_value(m, func) {
                if cx.funcs.contains_key(&hf) {
                    continue;
                }
                cx.callee(&mut types, hf)?;
            } else if crate::flat_call::flattenable(m, func) {
                // Taking or returning aggregates: exported flattened (crate::flat_call).
                if cx.flat_fns.contains_key(&hf) {
                    continue;
                }
                cx.callee_flat(&mut types, hf)?;
            } else {
                continue;
            }
            drain_queues(&mut cx, &mut types)?;
        }
    }
    let mut shader = Shader::new(stage);
    shader.types = types;
    shader.vars = cx.vars;
    shader.functions = cx.ir_funcs;
    shader.entry = entry;
    shader.info = cx.info;
    Ok(shader)
}

/// Lowers the bodies of the functions queued so far (and of those they queue).
fn drain_queues(cx: &mut Cx<'_>, types: &mut Types) -> Result<(), LowerError> {
    loop {
        if let Some(hf) = cx.queue.pop() {
            let fid = cx.funcs[&hf];
            lower_function(cx, types, hf, fid, false)?;
        } else if let Some(hf) = cx.flat_queue.pop() {
            let fid = cx.flat_fns[&hf];
            crate::flat_call::lower_flat_function(cx, types, hf, fid)?;
        } else {
            return Ok(());
        }
    }
}

/// The flattened built-in variables made so far, by name and mode: a shader names a few,
/// so a list looked up by `&str` (performance: no `String` made for every lookup, as a
/// map keyed by `(String, VarMode)` needs).
#[derive(Default)]
pub struct FlatBuiltins(Vec<(String, VarMode, VarId)>);

impl FlatBuiltins {
    pub fn get(&self, name: &str, mode: VarMode) -> Option<VarId> {
        self.0
            .iter()
            .find(|(n, m, _)| *m == mode && n == name)
            .map(|&(_, _, v)| v)
    }

    /// Adds a variable not listed yet.
    pub fn insert(&mut self, name: String, mode: VarMode, v: VarId) {
        debug_assert!(self.get(&name, mode).is_none());
        self.0.push((name, mode, v));
    }
}

/// About how many instructions lowering a function body makes: one per four bytes of body
/// (the median over the corpus is one per six), so that the arenas are allocated once
/// instead of doubled up to their size (one per five left more functions regrowing theirs:
/// over the benchmark's files, one per four costs fewer instructions and cache misses; one
/// per three more cache misses).
fn instr_estimate(m: &hir::Module, body: hir::StmtId) -> usize {
    (m.stmt(body).span.len() as usize / 4).min(1 << 16)
}

fn lower_function(
    cx: &mut Cx<'_>,
    types: &mut Types,
    hf: hir::FuncId,
    fid: FuncId,
    is_main: bool,
) -> Result<(), LowerError> {
    let m = cx.m;
    let func = m.function(hf);
    let Some(body) = func.body else {
        return Err(LowerError::new(
            "function is declared but never defined",
            Some(func.span),
        ));
    };
    let mut f = std::mem::replace(&mut cx.ir_funcs[fid], Function::placeholder());
    let estimate = instr_estimate(m, body);
    f.reserve_instrs(estimate);
    // The start block's list too: straight-line code, the common case, all lands there
    // (performance: not regrown from empty one push at a time).
    let start = f.start_block();
    f.blocks[start].instrs.reserve(estimate);
    let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
    let ret = f.ret.map(|r| (r, func.ret));
    let result = {
        let b = Builder::new(&mut f, types);
        let mut fc = FnCx {
            cx,
            b,
            fid,
            locals: FxHashMap::default(),
            ret,
            ctl: Vec::new(),
            inline_stack: smallvec::smallvec![hf],
            span: func.span,
            // Sized for the values expected (performance: not regrown word by word).
            claimed: fresnel_ir::analysis::BitSet::new(estimate),
        };
        for (hp, ip) in func.params.iter().zip(params) {
            fc.locals.insert(*hp, Local::Var(ip));
        }
        let r = (|| {
            if is_main {
                fc.global_initializers()?;
            }
            fc.stmt(body)
        })();
        fc.b.finish();
        r
    };
    cx.total_instrs = cx.total_instrs.saturating_add(f.instrs.len());
    cx.ir_funcs[fid] = f;
    result
}

impl Cx<'_> {
    /// A function name not used yet (`base`, else `base.N`): for the flattened forms of
    /// functions (crate::flat_call).
    pub(crate) fn unique_flat_name(&mut self, base: &str) -> String {
        self.unique_name(base)
    }

    fn unique_name(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 1;
        while self.used_names.contains(&name) {
            name = format!("{base}.{n}");
            n += 1;
        }
        self.used_names.insert(name.clone());
        name
    }

    /// A new IR function named `name` for user function `hf` (within the limit on
    /// functions). Issue 4: a function this unit only declares is defined by another unit
    /// of the stage: it becomes a declaration, bound by `fresnel_link::link_units`.
    pub(crate) fn new_ir_function(
        &mut self,
        hf: hir::FuncId,
        name: String,
    ) -> Result<FuncId, LowerError> {
        if self.ir_funcs.len() >= limits::MAX_FUNCTIONS {
            return Err(LowerError::new("too many functions", None));
        }
        let hfun = self.m.function(hf);
        let mut f = if hfun.body.is_some() {
            Function::new(name)
        } else {
            Function::declaration(name)
        };
        f.control = match hfun.control {
            hir::FunctionControl::None => fresnel_ir::FunctionControl::None,
            hir::FunctionControl::Inline => fresnel_ir::FunctionControl::Inline,
            hir::FunctionControl::DontInline => fresnel_ir::FunctionControl::DontInline,
        };
        Ok(self.ir_funcs.push(f))
    }

    /// The IR function of a (non-inlined) user function, declaring it (parameters, return
    /// variable) and queueing its body on first use.
    pub(crate) fn callee(
        &mut self,
        types: &mut Types,
        hf: hir::FuncId,
    ) -> Result<FuncId, LowerError> {
        if let Some(f) = self.funcs.get(&hf) {
            return Ok(*f);
        }
        let m = self.m;
        let func = m.function(hf);
        let name = self.unique_name(self.interner.resolve(func.name));
        let fid = self.new_ir_function(hf, name)?;
        for &p in &func.params {
            let pv = m.var(p);
            let ty = ir_type(types, m, self.interner, pv.ty, None, pv.span)?;
            let mut v = Variable::new(self.interner.resolve(pv.name), ty, VarMode::Function);
            v.function = Some(fid);
            let id = self.vars.push(v);
            let dir = match pv.storage {
                Storage::Param(hir::ParamDir::Out) => ParamDir::Out,
                Storage::Param(hir::ParamDir::InOut) => ParamDir::InOut,
                _ => ParamDir::In,
            };
            let f = &mut self.ir_funcs[fid];
            f.locals.push(id);
            f.params.push(Param { var: id, dir });
        }
        if shape(m, func.ret) != Shape::Void {
            let ty = ir_type(types, m, self.interner, func.ret, None, func.span)?;
            let mut v = Variable::new("return", ty, VarMode::Function);
            v.function = Some(fid);
            let id = self.vars.push(v);
            let f = &mut self.ir_funcs[fid];
            f.locals.push(id);
            f.ret = Some(id);
        }
        self.funcs.insert(hf, fid);
        if func.body.is_some() {
            self.queue.push(hf);
        }
        Ok(fid)
    }
}

/// Whether a statement tree holds a `return` anywhere.
fn contains_return(m: &hir::Module, s: hir::StmtId) -> bool {
    match &m.stmt(s).kind {
        StmtKind::Return(_) => true,
        StmtKind::Block(v) | StmtKind::Switch { body: v, .. } => {
            v.iter().any(|x| contains_return(m, *x))
        }
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => contains_return(m, *then_branch) || else_branch.is_some_and(|e| contains_return(m, e)),
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => contains_return(m, *body),
        StmtKind::For { init, body, .. } => {
            init.is_some_and(|i| contains_return(m, i)) || contains_return(m, *body)
        }
        _ => false,
    }
}

/// Whether a function body returns only in tail position: by its last statement, or by
/// the last statements of the arms of a trailing `if`, or of the cases of a trailing
/// `switch` lowered as an `if` chain (or by falling off its end). Then it can be inlined
/// without a loop for `return` to break out of: after a tail `return` nothing runs.
fn returns_only_at_end(m: &hir::Module, body: hir::StmtId) -> bool {
    returns_in_tail(m, body, 0)
}

/// [`returns_only_at_end`] of a statement in tail position (`depth`: nesting, bounded).
fn returns_in_tail(m: &hir::Module, s: hir::StmtId, depth: u32) -> bool {
    if depth > 64 {
        return !contains_return(m, s);
    }
    match &m.stmt(s).kind {
        StmtKind::Return(_) => true,
        StmtKind::Block(v) => match v.split_last() {
            None => true,
            Some((last, rest)) => {
                !rest.iter().any(|s| contains_return(m, *s)) && returns_in_tail(m, *last, depth + 1)
            }
        },
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            returns_in_tail(m, *then_branch, depth + 1)
                && else_branch.is_none_or(|e| returns_in_tail(m, e, depth + 1))
        }
        StmtKind::Switch { body, .. } => match crate::stmt::switch_chain_groups(m, body) {
            Some(groups) => groups.iter().all(|g| match g.split_last() {
                None => true,
                Some((last, rest)) => {
                    !rest.iter().any(|s| contains_return(m, *s))
                        && returns_in_tail(m, *last, depth + 1)
                }
            }),
            None => !contains_return(m, s),
        },
        _ => !contains_return(m, s),
    }
}

/// Whether values can carry a type across a call (scalars and vectors).
fn passes_as_value(m: &hir::Module, ty: HirTypeId) -> bool {
    matches!(shape(m, ty), Shape::Value { .. } | Shape::Void)
}

/// Whether a function is called with values (an IR call) rather than inlined: its result
/// and parameters are all scalars or vectors.
fn callable_by_value(m: &hir::Module, func: &hir::Function) -> bool {
    passes_as_value(m, func.ret) && func.params.iter().all(|p| passes_as_value(m, m.var(*p).ty))
}

impl FnCx<'_, '_, '_> {
    pub fn m(&self) -> &hir::Module {
        self.cx.m
    }

    /// A new function-local variable.
    pub fn new_local(&mut self, name: &str, ty: fresnel_ir::TypeId) -> VarId {
        let mut v = Variable::new(name, ty, VarMode::Function);
        v.function = Some(self.fid);
        let id = self.cx.vars.push(v);
        self.b.func.locals.push(id);
        id
    }

    /// A new function-local variable of a HIR type.
    pub fn temp(&mut self, name: &str, ty: HirTypeId, span: Span) -> Result<VarId, LowerError> {
        // Block types here are buffer references: `u64` addresses.
        let t = ir_type(self.b.types, self.cx.m, self.cx.interner, ty, None, span)?;
        Ok(self.new_local(name, t))
    }

    pub fn deref_var(&mut self, v: VarId) -> ValueId {
        let (ty, mode) = (self.cx.vars[v].ty, self.cx.vars[v].mode);
        self.b.deref_var(v, ty, mode)
    }

    /// Stores the non-constant initializers of globals (start of `main`).
    fn global_initializers(&mut self) -> Result<(), LowerError> {
        let inits = self.cx.global_inits.clone();
        for g in inits {
            let var = self.m().var(g);
            let (Some(init), ty, span) = (var.init, var.ty, var.span) else {
                continue;
            };
            let Global::Var(v) = self.cx.global(self.b.types, g, span)? else {
                continue;
            };
            let val = self.expr(init)?;
            let d = self.deref_var(v);
            self.store(d, ty, &val)?;
        }
        Ok(())
    }

    /// A call of a user function.
    pub fn call(
        &mut self,
        hf: hir::FuncId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        // GL_EXT_spirv_intrinsics (issue 5): a `spirv_instruction` prototype.
        if let Some(si) = m.spirv_instructions.get(&hf) {
            return self.spirv_instruction_call(si, hf, args, span);
        }
        let func = m.function(hf);
        let inline = !callable_by_value(m, func);
        if inline && func.body.is_none() && crate::flat_call::flattenable(m, func) {
            // Defined in another unit: called through its flattened form.
            return self.call_flat(hf, args, span);
        }
        if inline && func.body.is_none() {
            // Issue 4: a function only declared here may be defined in another unit of the
            // stage (then it is a declaration, linked later), but only if it can be called:
            // functions taking or returning opaque values, aggregates or matrices are
            // inlined, which needs their body in this unit.
            return Err(LowerError::new(
                format!(
                    "function `{}` is declared but never defined in this unit, and it takes or \
                     returns opaque values, arrays, structures or matrices, so it must be \
                     defined here (such calls are inlined)",
                    self.cx.interner.resolve(func.name)
                ),
                Some(span),
            ));
        }
        if inline {
            return self.inline_call(hf, args, span);
        }
        let fid = self.cx.callee(self.b.types, hf)?;
        let mut in_vals: SmallVec<[ValueId; 4]> = SmallVec::new();
        // (argument place, parameter type, argument type)
        let mut outs: Vec<(Place, HirTypeId, HirTypeId)> = Vec::new();
        let mut shapes: SmallVec<[(u8, u8); 2]> = SmallVec::new();
        let ret_shape = match shape(m, func.ret) {
            Shape::Value { scalar, n } => Some((value_bits(scalar), n)),
            _ => None,
        };
        shapes.extend(ret_shape);
        for (p, a) in func.params.iter().zip(args) {
            let pv = m.var(*p);
            let dir = match pv.storage {
                Storage::Param(d) => d,
                _ => hir::ParamDir::In,
            };
            let Shape::Value { scalar, n } = shape(m, pv.ty) else {
                return Err(LowerError::new("bad parameter", Some(span)));
            };
            match dir {
                hir::ParamDir::In | hir::ParamDir::ConstIn => {
                    let v = self.expr(*a)?;
                    in_vals.push(self.value_of(v, span)?);
                }
                // An argument of another type than the parameter's is converted on the way
                // in and back (GLSL "Function Calling Conventions": out and inout
                // arguments convert from the parameter's type to the argument's).
                hir::ParamDir::Out => {
                    let pl = self.place(*a)?;
                    outs.push((pl, pv.ty, m.expr(*a).ty));
                    shapes.push((value_bits(scalar), n));
                }
                hir::ParamDir::InOut => {
                    let aty = m.expr(*a).ty;
                    let pl = self.place(*a)?;
                    let v = self.load_place(&pl)?;
                    let v = self.convert(v, aty, pv.ty, span)?;
                    in_vals.push(self.value_of(v, span)?);
                    outs.push((pl, pv.ty, aty));
                    shapes.push((value_bits(scalar), n));
                }
            }
        }
        let dests = self.b.call(fid, &in_vals, &shapes);
        let skip = usize::from(ret_shape.is_some());
        for (i, (pl, pty, aty)) in outs.iter().enumerate() {
            let v = self.convert(Operand::Value(dests[skip + i]), *pty, *aty, span)?;
            self.store_place(pl, &v)?;
        }
        Ok(ret_shape.map(|_| Operand::Value(dests[0])))
    }

    /// Inlines a call (functions taking opaque or aggregate or matrix parameters).
    fn inline_call(
        &mut self,
        hf: hir::FuncId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let func = m.function(hf);
        if self.inline_stack.contains(&hf) {
            return Err(LowerError::new(
                format!(
                    "recursive call of function `{}`",
                    self.cx.interner.resolve(func.name)
                ),
                Some(span),
            ));
        }
        if self.inline_stack.len() > limits::MAX_INLINE_DEPTH {
            return Err(LowerError::new(
                format!(
                    "functions inlined more than {} deep",
                    limits::MAX_INLINE_DEPTH
                ),
                Some(span),
            ));
        }
        self.check_size()?;
        let mut binds: Vec<(hir::VarId, Local)> = Vec::new();
        let mut copy_back: Vec<CopyBack> = Vec::new();
        for (p, a) in func.params.iter().zip(args) {
            let pv = m.var(*p);
            let dir = match pv.storage {
                Storage::Param(d) => d,
                _ => hir::ParamDir::In,
            };
            if contains_opaque(m, pv.ty) {
                let op = self.opaque_operand(*a, span)?;
                binds.push((*p, Local::Operand(op)));
                continue;
            }
            let name = self.cx.interner.resolve(pv.name).to_string();
            let v = self.temp(&name, pv.ty, pv.span)?;
            match dir {
                hir::ParamDir::In | hir::ParamDir::ConstIn => {
                    let op = self.expr(*a)?;
                    let d = self.deref_var(v);
                    self.store(d, pv.ty, &op)?;
                }
                hir::ParamDir::Out => {
                    let pl = self.place(*a)?;
                    copy_back.push((pl, v, pv.ty, m.expr(*a).ty));
                }
                hir::ParamDir::InOut => {
                    let aty = m.expr(*a).ty;
                    let pl = self.place(*a)?;
                    let op = self.load_place(&pl)?;
                    let op = self.convert(op, aty, pv.ty, span)?;
                    let d = self.deref_var(v);
                    self.store(d, pv.ty, &op)?;
                    copy_back.push((pl, v, pv.ty, aty));
                }
            }
            binds.push((*p, Local::Var(v)));
        }
        self.inline_body(hf, binds, copy_back, span)
    }

    /// The inlined body of a function whose parameters are bound (`binds`), then the
    /// copies back to the `out` arguments; the result.
    pub(crate) fn inline_body(
        &mut self,
        hf: hir::FuncId,
        binds: Vec<(hir::VarId, Local)>,
        copy_back: Vec<CopyBack>,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let func = m.function(hf);
        let body = func
            .body
            .ok_or_else(|| LowerError::new("inlining a function without a body", Some(span)))?;
        // Room for the inlined body as `lower_function` estimates it (performance: the
        // arenas sized for the caller's own body are not regrown while it is inlined).
        self.b.func.reserve_instrs(instr_estimate(m, body));
        let ret = if shape(m, func.ret) == Shape::Void {
            None
        } else {
            Some((self.temp("return", func.ret, span)?, func.ret))
        };
        for (p, l) in binds {
            self.locals.insert(p, l);
        }
        if returns_only_at_end(m, body) {
            // No early return: the body is inlined as it is.
            self.ctl.push(Ctl {
                kind: CtlKind::Inline { ret, flat: true },
                flag: None,
                checks: Vec::new(),
            });
            self.inline_stack.push(hf);
            let r = self.stmt(body);
            self.inline_stack.pop();
            self.ctl.pop();
            r?;
        } else {
            // `return` breaks out of a one-trip loop around the body.
            let flag = self.new_flag();
            let lp = self.b.push_loop();
            self.ctl.push(Ctl {
                kind: CtlKind::Inline { ret, flat: false },
                flag: Some(flag),
                checks: Vec::new(),
            });
            self.inline_stack.push(hf);
            let r = self.stmt(body);
            self.inline_stack.pop();
            if !self.b.is_dead() {
                self.b.jump(JumpKind::Break);
            }
            let c = self.ctl.pop().expect("pushed above");
            self.b.pop_loop(lp);
            r?;
            self.after_construct(&c)?;
        }
        for (pl, v, ty, aty) in copy_back {
            let d = self.deref_var(v);
            let op = self.load(d, ty)?;
            let op = self.convert(op, ty, aty, span)?;
            self.store_place(&pl, &op)?;
        }
        Ok(match ret {
            Some((v, ty)) => {
                let d = self.deref_var(v);
                Some(self.load(d, ty)?)
            }
            None => None,
        })
    }

    /// Fails when the function grew past [`limits::MAX_INSTRS`] or the shader past
    /// [`limits::MAX_TOTAL_INSTRS`].
    pub fn check_size(&self) -> Result<(), LowerError> {
        let n = self.b.func.instrs.len();
        if self.cx.total_instrs.saturating_add(n) > limits::MAX_TOTAL_INSTRS {
            return Err(LowerError::new(
                format!(
                    "the shader is too large after inlining (more than {} instructions)",
                    limits::MAX_TOTAL_INSTRS
                ),
                Some(self.span),
            ));
        }
        if n > limits::MAX_INSTRS {
            return Err(LowerError::new(
                format!(
                    "function `{}` is too large after inlining (more than {} instructions)",
                    self.b.func.name,
                    limits::MAX_INSTRS
                ),
                Some(self.span),
            ));
        }
        Ok(())
    }

    /// A boolean flag variable, initialised to false here.
    pub fn new_flag(&mut self) -> VarId {
        let bt = self.b.types.scalar(fresnel_ir::BaseType::Bool, 1);
        let v = self.new_local("flag", bt);
        let d = self.deref_var(v);
        let f = self.b.imm_bool(false);
        self.b.store_deref(d, f, 1);
        v
    }
}
