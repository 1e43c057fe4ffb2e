//! The checker: AST to typed HIR, reporting every rule the shader breaks.
//!
//! Files: `mod.rs` (this: state, scopes, type resolution, shared helpers), `decl.rs`
//! (declarations, qualifiers, layouts, blocks, functions), `expr.rs` (expressions, operators,
//! conversions), `call.rs` (calls, overload resolution, constructors), `stmt.rs` (statements
//! and control-flow rules), `builtin_vars.rs` (declaring the built-in variables), `ext_types.rs`
//! (the parameterized extension types: cooperative matrices and vectors, long vectors, tensors).

mod builtin_rules;
mod builtin_vars;
mod call;
pub use call::OCP_BUILTINS;
mod decl;
mod expr;
mod ext_types;
mod interface;
mod layout;
mod spec;
mod spec_array;
mod spirv_type;
mod stmt;

use rustc_hash::{FxHashMap, FxHashSet};

use fresnel_syntax::ast::{self, Precision, TranslationUnit};
use fresnel_syntax::diag::{Diagnostic, Diagnostics};
use fresnel_syntax::extensions::{Behavior, Ext, ExtensionState};
use fresnel_syntax::intern::{Interner, Symbol};
use fresnel_syntax::pp::{PpEventKind, PpOutput, Pragma};
use fresnel_syntax::source::{SourceMap, Span};
use fresnel_syntax::version::{Stage, TargetEnv, Version};

use crate::builtin_types::{parse_type_name, BType, OpaqueKind, Scalar};
use crate::builtins;
use crate::constant::ConstValue;
use crate::hir::*;
use crate::types::{ids, ArraySize, Type, TypeId, TypeTable};

/// The extensions that define a type the checker keeps opaque.
pub(crate) fn ext_opaque_exts(text: &str) -> Option<&'static [Ext]> {
    Some(match text {
        "floate2m1_t" | "fe2m1vec2" | "fe2m1vec3" | "fe2m1vec4" => &[Ext::EXT_float_e2m1],
        "floate2m3_t" | "fe2m3vec2" | "fe2m3vec3" | "fe2m3vec4" => &[Ext::EXT_float_e2m3],
        "floate3m2_t" | "fe3m2vec2" | "fe3m2vec3" | "fe3m2vec4" => &[Ext::EXT_float_e3m2],
        "floatue8m0_t" | "fue8m0vec2" | "fue8m0vec3" | "fue8m0vec4" => &[Ext::EXT_float_ue8m0],
        "floatmxint8_t" | "fmxint8vec2" | "fmxint8vec3" | "fmxint8vec4" => &[Ext::EXT_float_mxint8],
        _ => return None,
    })
}

/// Settings of a check.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    pub stage: Option<Stage>,
    pub target: TargetEnv,
    /// glslang's relaxed Vulkan rules: `gl_VertexID` and `gl_InstanceID` are declared for
    /// Vulkan too, and a default uniform may be a structure holding opaque members.
    pub relaxed_vulkan: bool,
}

/// Checks a parsed shader and builds its HIR.
pub fn check(
    tu: &TranslationUnit,
    pp: &PpOutput,
    _sm: &SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    opts: &CheckOptions,
) -> Module {
    // Extensions are judged by the state at the end of the shader; most shaders enable them
    // at the top.
    let invariant_all = pp
        .events
        .iter()
        .any(|e| matches!(e.kind, PpEventKind::Pragma(Pragma::InvariantAll)));
    let builtin_sections = builtin_vars::parse_sections(
        pp.version,
        opts,
        &pp.extensions,
        interner,
        builtin_vars::Selection::Named,
    );
    // Tables sized from the declarations (performance: no rehashing as they fill).
    let n_funcs = tu
        .decls
        .iter()
        .filter(|d| matches!(d, fresnel_syntax::ast::ExternalDecl::Function(_)))
        .count();
    // The members of an anonymous built-in block (`gl_PerVertex`) are names too.
    let builtin_names: usize = builtin_sections
        .tu
        .decls
        .iter()
        .map(|d| match d {
            fresnel_syntax::ast::ExternalDecl::Decl(d) => match &d.kind {
                fresnel_syntax::ast::DeclKind::Block(b) => 1 + b.members.len(),
                _ => 1,
            },
            _ => 1,
        })
        .sum();
    let n_globals = tu.decls.len() + builtin_names;
    let mut c = Checker {
        tu,
        builtin_sections: &builtin_sections,
        in_builtin_tu: false,
        interner,
        diags,
        opts,
        version: pp.version,
        stage: opts.stage,
        exts: pp.extensions.clone(),
        m: Module {
            version: pp.version,
            stage: opts.stage,
            types: TypeTable::new(),
            vars: Vec::new(),
            globals: Vec::new(),
            functions: Vec::with_capacity(n_funcs),
            // About as many HIR nodes as syntax nodes (performance: no regrowing).
            exprs: Vec::with_capacity(tu.exprs.len() + tu.exprs.len() / 4),
            stmts: Vec::with_capacity(tu.stmts.len()),
            stage_layout: Vec::new(),
            extensions: pp.extensions.clone(),
            invariant_all,
            subroutines: Vec::new(),
            spec_unfolded: FxHashMap::default(),
            spec_array_dims: FxHashMap::default(),
            nonuniform_exprs: FxHashSet::default(),
            spirv_instructions: Default::default(),
            spirv_execution_modes: Vec::new(),
            spirv_capabilities: Vec::new(),
            spirv_extensions: Vec::new(),
            func_args: Default::default(),
        },
        scopes: vec![Scope {
            names: FxHashMap::with_capacity_and_hasher(n_globals, Default::default()),
        }],
        spare_scopes: Vec::new(),
        name_buf: String::new(),
        cand_buf: Vec::new(),
        call_names: FxHashMap::default(),
        builtin_calls: BuiltinCalls::default(),
        funcs: FxHashMap::with_capacity_and_hasher(n_funcs, Default::default()),
        hidden_builtins: FxHashSet::default(),
        func: None,
        loop_depth: 0,
        switch_depth: 0,
        label_position: false,
        block_storage: None,
        calls: Vec::new(),
        write_targets: IdSet::default(),
        builtin_mode: false,
        default_precision: Vec::new(),
        precision_marks: Vec::new(),
        block_names: FxHashMap::default(),
        warned_exts: FxHashSet::default(),
        geom_in_size: None,
        tcs_out_size: None,
        layout_state: layout::LayoutState::default(),
        iface: interface::InterfaceState::new(pp),
        used_vars: IdSet::default(),
        implicit_sizes: FxHashMap::default(),
        redeclared_builtins: FxHashSet::default(),
        builtin_var_avail: Vec::new(),
        builtin_type_avail: Vec::new(),
        subroutine_types: FxHashMap::default(),
        spec_constants: FxHashSet::default(),
        saw_spec_constant: false,
        spec_dims: spec_array::SpecDims::default(),
        ext: ext_types::ExtState::default(),
        avail_cache: vec![0; builtins::AVAILABILITY.len()],
    };
    c.set_default_precisions();
    c.declare_builtin_variables();
    // `#extension` directives take effect where they are written: each declaration is
    // checked with the directives that precede it.
    // The state at the end of the shader stays in `m.extensions` (performance: the running
    // state reuses the checker's allocation).
    c.exts.reset_to_initial(pp.version);
    let mut next_event = 0;
    for (i, d) in tu.decls.iter().enumerate() {
        let at = tu.decl_tokens.get(i).copied().unwrap_or(u32::MAX);
        while let Some(e) = pp.events.get(next_event) {
            if e.at > at {
                break;
            }
            e.apply_extension(&mut c.exts, pp.version);
            c.avail_cache.fill(0);
            next_event += 1;
        }
        c.external(d);
    }
    c.exts.clone_from(&c.m.extensions);
    c.avail_cache.fill(0);
    c.pragmas_outside_functions(pp);
    c.finish();
    c.m
}

/// A name bound in a scope.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Binding {
    Var(VarId),
    /// A struct type name.
    Type(TypeId, Span),
    /// One or more user functions of this name (at global scope).
    Func,
}

#[derive(Default, Debug)]
pub(crate) struct Scope {
    names: FxHashMap<Symbol, Binding>,
}

impl Scope {
    /// The binding of a name in this scope.
    pub(crate) fn lookup_here(&self, name: Symbol) -> Option<Binding> {
        self.names.get(&name).copied()
    }
}

/// The function being checked.
pub(crate) struct FuncCtx {
    pub id: FuncId,
    pub ret: TypeId,
    pub is_main: bool,
    /// A `return` with a value has been seen.
    pub returns_value: bool,
}

pub(crate) struct Checker<'a> {
    pub tu: &'a TranslationUnit,
    /// The built-in declarations of this stage and version, parsed.
    pub builtin_sections: &'a builtin_vars::BuiltinSections,
    /// The AST being checked is the built-ins' (`builtin_sections.tu`).
    pub in_builtin_tu: bool,
    pub interner: &'a mut Interner,
    pub diags: &'a mut Diagnostics,
    pub opts: &'a CheckOptions,
    pub version: Version,
    pub stage: Option<Stage>,
    pub exts: ExtensionState,
    pub m: Module,
    pub scopes: Vec<Scope>,
    /// Emptied scopes kept for reuse, so a block does not allocate its name table anew
    /// (performance).
    spare_scopes: Vec<Scope>,
    /// A buffer for the text of a called name (performance: no allocation per call).
    name_buf: String,
    /// A buffer for the candidates of a call (performance).
    cand_buf: Vec<call::Candidate>,
    /// What the text of each called name is, looked up once per name (performance: a
    /// shader calls the same few functions many times; both lookups compare strings).
    call_names: FxHashMap<Symbol, call::CallName>,
    /// Which built-ins with end-of-shader rules some expression calls.
    pub(crate) builtin_calls: BuiltinCalls,
    /// User functions by name.
    pub funcs: FxHashMap<Symbol, Vec<FuncId>>,
    /// Built-in function names the shader redeclared (desktop GLSL: they hide the built-ins).
    pub hidden_builtins: FxHashSet<Symbol>,
    pub func: Option<FuncCtx>,
    pub loop_depth: u32,
    pub switch_depth: u32,
    /// Expressions that are (part of) the target of a plain write.
    pub write_targets: IdSet<ExprId>,
    /// Every call of a user function: (caller, callee, where).
    pub calls: Vec<(FuncId, FuncId, Span)>,
    /// The storage of the interface block whose members are being checked.
    pub block_storage: Option<decl::StorageKw>,
    /// The statement being checked is directly in a `switch` body (where labels may be).
    pub label_position: bool,
    /// Declaring the implementation's built-ins (`gl_` names allowed).
    pub builtin_mode: bool,
    /// Default precisions set so far, in order, for the open scopes: the last entry for a key
    /// is in force (a handful of entries: searched from the end).
    pub default_precision: Vec<(DefaultPrecisionKey, Precision)>,
    /// For each open scope but the global one, the length of `default_precision` when it
    /// opened (closing it drops what it set).
    precision_marks: Vec<u32>,
    /// Interface block names (their own namespace), with the storage.
    pub block_names: FxHashMap<(Symbol, u8), Span>,
    pub warned_exts: FxHashSet<Ext>,
    /// Geometry shaders: the size the input primitive gives input arrays.
    pub geom_in_size: Option<u32>,
    /// Tessellation control shaders: the output patch size (`layout(vertices = N) out`).
    pub tcs_out_size: Option<u32>,
    pub layout_state: layout::LayoutState,
    pub iface: interface::InterfaceState,
    /// Variables referred to so far (some qualifiers must come before any use).
    pub used_vars: IdSet<VarId>,
    /// Implicitly sized arrays: one more than the largest constant index used so far.
    pub implicit_sizes: FxHashMap<VarId, u32>,
    /// Subroutine types (GL_ARB_shader_subroutine): the function record holding each
    /// signature (not callable by name).
    pub subroutine_types: FxHashMap<Symbol, FuncId>,
    /// Specialization constants (`layout(constant_id = N) const ...`).
    pub spec_constants: FxHashSet<VarId>,
    /// Set when an expression being checked reads a specialization constant.
    pub saw_spec_constant: bool,
    /// Array dimensions given by specialization constants (issue 5, `spec_array.rs`).
    pub spec_dims: spec_array::SpecDims,
    /// The availability (index into the built-in tables) of each built-in variable, by
    /// variable index (the built-ins are declared first).
    pub builtin_var_avail: Vec<Option<u16>>,
    /// The built-in structure types the function table names that this shader declares,
    /// with the availability of their declaration (checked where a shader names them).
    pub builtin_type_avail: Vec<(TypeId, u16)>,
    /// Built-in variables the shader has redeclared.
    pub redeclared_builtins: FxHashSet<VarId>,
    /// Side tables of the parameterized extension types (`ext_types.rs`).
    pub ext: ext_types::ExtState,
    /// Whether each built-in availability ([`builtins::Signature::avail`]) allows use in the
    /// current context: 0 not known yet, 1 no, 2 yes. Cleared whenever the extension state
    /// changes (performance: overload resolution asks for hundreds of texture overloads).
    pub avail_cache: Vec<u8>,
}

/// What a `precision` statement applies to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum DefaultPrecisionKey {
    Float,
    Int,
    Opaque(BType),
}

impl<'a> Checker<'a> {
    /// The syntax tree being checked (the shader's or the built-ins').
    pub fn ast(&self) -> &'a TranslationUnit {
        if self.in_builtin_tu {
            &self.builtin_sections.tu
        } else {
            self.tu
        }
    }

    // ---- diagnostics ----

    pub fn error(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(code, span, msg));
    }

    pub fn warning(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::warning(code, span, msg));
    }

    pub fn name(&self, s: Symbol) -> &str {
        self.interner.resolve(s)
    }

    pub fn ty_name(&self, t: TypeId) -> String {
        self.m.types.display(t, self.interner)
    }

    pub fn is_es(&self) -> bool {
        self.version.is_es()
    }

    pub fn at_least(&self, gl: u16, es: u16) -> bool {
        self.version.at_least(gl, es)
    }

    pub fn vulkan(&self) -> bool {
        self.opts.target.is_vulkan()
    }

    pub fn ext_on(&self, e: Ext) -> bool {
        self.exts.is_on(e)
    }

    /// GL_ARB_bindless_texture: opaque types behave as ordinary values.
    pub fn bindless(&self) -> bool {
        self.ext_on(Ext::ARB_bindless_texture)
    }

    pub fn any_ext(&self, es: &[Ext]) -> bool {
        es.iter().any(|&e| self.exts.is_on(e))
    }

    /// Requires a version or one of the extensions for a feature; reports an error naming
    /// what is missing. Returns whether the feature is available. An extension with behavior
    /// `warn` gives a warning on use.
    pub fn require(&mut self, span: Span, what: &str, gl: u16, es: u16, exts: &[Ext]) -> bool {
        if self.version.at_least(gl, es) || self.builtin_mode {
            return true;
        }
        if let Some(&e) = exts.iter().find(|&&e| self.exts.is_on(e)) {
            self.warn_extension_use(e, span, what);
            return true;
        }
        let mut need = Vec::new();
        if self.is_es() {
            if es != 0 {
                need.push(format!("GLSL ES {}", es));
            }
        } else if gl != 0 {
            need.push(format!("GLSL {}", gl));
        }
        for e in exts {
            if e.available_in(self.version) {
                need.push(e.name().to_string());
            }
        }
        let need = if need.is_empty() {
            format!("is not available in GLSL {}", self.version)
        } else {
            format!(
                "needs {} (this is GLSL {})",
                need.join(" or "),
                self.version
            )
        };
        self.error("feature-unavailable", span, format!("{what} {need}"));
        false
    }

    /// A warning for a use of an extension whose behavior is `warn`.
    pub fn warn_extension_use(&mut self, e: Ext, span: Span, what: &str) {
        if self.exts.get(e) == Behavior::Warn && self.warned_exts.insert(e) {
            self.warning(
                "extension-use",
                span,
                format!("{what} uses extension {} (enabled with `warn`)", e.name()),
            );
        }
    }

    // ---- scopes ----

    pub fn push_scope(&mut self) {
        let scope = self.spare_scopes.pop().unwrap_or_default();
        self.scopes.push(scope);
        self.precision_marks
            .push(self.default_precision.len() as u32);
    }

    pub fn pop_scope(&mut self) {
        if let Some(mut scope) = self.scopes.pop() {
            scope.names.clear();
            self.spare_scopes.push(scope);
        }
        if let Some(mark) = self.precision_marks.pop() {
            self.default_precision.truncate(mark as usize);
        }
    }

    /// Sets the default precision of a type in the current scope.
    pub(crate) fn set_default_precision(&mut self, key: DefaultPrecisionKey, p: Precision) {
        self.default_precision.push((key, p));
    }

    pub fn at_global_scope(&self) -> bool {
        self.scopes.len() == 1
    }

    pub fn lookup(&self, name: Symbol) -> Option<Binding> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.names.get(&name).copied())
    }

    /// The binding of `name` in the innermost scope only.
    pub fn lookup_local(&self, name: Symbol) -> Option<Binding> {
        self.scopes.last().and_then(|s| s.names.get(&name).copied())
    }

    /// Binds a name in the innermost scope, reporting a redeclaration in the same scope.
    pub fn bind(&mut self, name: Symbol, b: Binding, span: Span) -> bool {
        if let Some(prev) = self.lookup_local(name) {
            // GLSL 1.10 keeps functions and variables in separate namespaces: the variable
            // takes the name for expressions, calls still find the function.
            if self.separate_function_namespace() {
                match (prev, b) {
                    (Binding::Func, Binding::Var(_)) => {
                        if let Some(s) = self.scopes.last_mut() {
                            s.names.insert(name, b);
                        }
                        return true;
                    }
                    (Binding::Var(_), Binding::Func) => return true,
                    _ => {}
                }
            }
            // Function parameters live in the function body's scope in GLSL: a local may not
            // redeclare them either; the caller handles that by binding them in the same
            // scope.
            let prev_span = match prev {
                Binding::Var(v) => Some(self.m.var(v).span),
                Binding::Type(_, s) => Some(s),
                Binding::Func => self
                    .funcs
                    .get(&name)
                    .and_then(|f| f.first())
                    .map(|f| self.m.function(*f).span),
            };
            let mut d = Diagnostic::error(
                "redeclaration",
                span,
                format!("`{}` is already declared in this scope", self.name(name)),
            );
            if let Some(p) = prev_span {
                d = d.with_secondary(p, "previous declaration");
            }
            self.diags.push(d);
            return false;
        }
        if let Some(s) = self.scopes.last_mut() {
            s.names.insert(name, b);
        }
        true
    }

    /// GLSL ES: "It is an error to declare a name with a length greater than" 1024.
    pub fn check_name_length(&mut self, name: Symbol, span: Span) {
        let len = self.name(name).len();
        if self.is_es() && len > 1024 && !self.builtin_mode {
            self.error(
                "name-too-long",
                span,
                format!("a name can have at most 1024 characters in GLSL ES; this one has {len}"),
            );
        }
    }

    /// Desktop GLSL 1.10: function names do not conflict with variable names.
    pub fn separate_function_namespace(&self) -> bool {
        !self.version.is_es() && !self.at_least(120, 0)
    }

    /// Checks a user-declared name: `gl_` prefixes are reserved; `__` is reserved by
    /// convention.
    pub fn check_user_name(&mut self, name: Symbol, span: Span) {
        if self.builtin_mode {
            return;
        }
        self.check_name_length(name, span);
        // Most names need no diagnostic: look without copying the name (performance).
        {
            let t = self.name(name);
            let maybe_keyword = matches!(
                t,
                "demote" | "terminateInvocation" | "ignoreIntersectionEXT" | "terminateRayEXT"
            );
            if !maybe_keyword && !t.starts_with("gl_") && !t.contains("__") {
                return;
            }
        }
        let text = self.name(name).to_string();
        // Statements that extensions add are keywords while the extension is enabled.
        let keyword_ext = match text.as_str() {
            "demote" => Some(Ext::EXT_demote_to_helper_invocation),
            "terminateInvocation" => Some(Ext::EXT_terminate_invocation),
            "ignoreIntersectionEXT" | "terminateRayEXT" => Some(Ext::EXT_ray_tracing),
            _ => None,
        };
        if let Some(e) = keyword_ext.filter(|e| self.ext_on(*e)) {
            self.error(
                "reserved-name",
                span,
                format!("`{text}` is a keyword while {} is enabled", e.name()),
            );
        }
        // GL_EXT_spirv_intrinsics declares built-ins itself (`spirv_decorate(..., BuiltIn)`).
        if text.starts_with("gl_") && !self.ext_on(Ext::EXT_spirv_intrinsics) {
            self.error(
                "reserved-name",
                span,
                format!("identifiers starting with `gl_` are reserved (`{text}`)"),
            );
        } else if text.contains("__") {
            if self.is_es() && self.at_least(0, 300) {
                self.error(
                    "reserved-name",
                    span,
                    format!("identifiers containing `__` are reserved in GLSL ES (`{text}`)"),
                );
            } else {
                self.warning(
                    "reserved-name",
                    span,
                    format!("identifiers containing `__` are reserved for the implementation (`{text}`)"),
                );
            }
        }
    }

    // ---- HIR construction ----

    pub fn add_var(&mut self, v: Var) -> VarId {
        let id = VarId(self.m.vars.len() as u32);
        self.m.vars.push(v);
        id
    }

    /// Inlined, the calls recorded out of line (performance: called once per expression;
    /// the call's entry and exit cost about as much as the push).
    #[inline]
    pub fn add_expr(&mut self, kind: ExprKind, ty: TypeId, span: Span) -> ExprId {
        let id = ExprId(self.m.exprs.len() as u32);
        if matches!(kind, ExprKind::Call(..) | ExprKind::Builtin(..)) {
            self.note_call(&kind, span);
        }
        self.m.exprs.push(Expr {
            kind,
            ty,
            precision: None,
            span,
        });
        id
    }

    /// Records a call of a user function (for the recursion check) or of a built-in with
    /// end-of-shader rules.
    #[inline(never)]
    fn note_call(&mut self, kind: &ExprKind, span: Span) {
        match kind {
            ExprKind::Call(callee, _) => {
                if let Some(f) = &self.func {
                    self.calls.push((f.id, *callee, span));
                }
            }
            ExprKind::Builtin(r, _) => self.builtin_calls.note(r.name),
            _ => {}
        }
    }

    pub fn add_stmt(&mut self, kind: StmtKind, span: Span) -> StmtId {
        let id = StmtId(self.m.stmts.len() as u32);
        self.m.stmts.push(Stmt { kind, span });
        id
    }

    pub fn error_expr(&mut self, span: Span) -> ExprId {
        self.add_expr(ExprKind::Error, ids::ERROR, span)
    }

    pub fn ety(&self, e: ExprId) -> TypeId {
        self.m.expr(e).ty
    }

    pub fn espan(&self, e: ExprId) -> Span {
        self.m.expr(e).span
    }

    // ---- types ----

    /// The type a type name denotes, checking that it exists in this version and with the
    /// extensions in force.
    pub fn resolve_type_name(&mut self, name: Symbol, span: Span) -> TypeId {
        if let Some(Binding::Type(t, _)) = self.lookup(name) {
            if !self.builtin_type_avail.is_empty() {
                return self.check_builtin_type_use(t, span);
            }
            return t;
        }
        let text = self.name(name).to_string();
        if let Some(b) = parse_type_name(&text) {
            if self.type_name_available(&text, b, span) {
                return self.m.types.from_btype(b);
            }
            return ids::ERROR;
        }
        if let Some(t) = self.ext_opaque_type(&text, name, span) {
            return t;
        }
        if self.undeclared_builtin_type(&text, span) {
            return ids::ERROR;
        }
        match self.lookup(name) {
            Some(Binding::Var(_)) => self.error(
                "not-a-type",
                span,
                format!("`{text}` is a variable, not a type"),
            ),
            _ => self.error("unknown-type", span, format!("unknown type `{text}`")),
        }
        ids::ERROR
    }

    /// Extension types the checker treats as opaque, and the parameterized ones named without
    /// their parameters (reported).
    pub(crate) fn ext_opaque_type(
        &mut self,
        text: &str,
        name: Symbol,
        span: Span,
    ) -> Option<TypeId> {
        if ext_types::is_parameterized_type_name(text) {
            // `vector(...)`, `coopmat x;`: the parameters are missing.
            return Some(self.resolve_named_type(name, None, span));
        }
        let exts = ext_opaque_exts(text)?;
        if !self.any_ext(exts) && !self.builtin_mode {
            let names: Vec<&str> = exts.iter().map(|e| e.name()).collect();
            self.error(
                "feature-unavailable",
                span,
                format!("type `{text}` needs {}", names.join(" or ")),
            );
            return Some(ids::ERROR);
        }
        Some(self.m.types.intern(Type::ExtOpaque(name)))
    }

    /// Whether a built-in type name may be used here (reports if not).
    fn type_name_available(&mut self, text: &str, b: BType, span: Span) -> bool {
        if self.builtin_mode {
            return true;
        }
        // Keywords were gated by the parser; what reaches here by keyword is available.
        if let Some(k) = fresnel_syntax::keywords::keyword_from_str(text) {
            use fresnel_syntax::keywords::Class;
            if let Class::Identifier = k.classify(self.version, &self.exts) {
                let rule = k.rule();
                let mut need = Vec::new();
                // Name the versions of this profile only.
                if rule.keyword_gl != 0 && !self.is_es() {
                    need.push(format!("GLSL {}", rule.keyword_gl));
                }
                if rule.keyword_es != 0 && self.is_es() {
                    need.push(format!("GLSL ES {}", rule.keyword_es));
                }
                need.extend(rule.alt.iter().map(|e| e.name().to_string()));
                self.error(
                    "feature-unavailable",
                    span,
                    format!(
                        "type `{text}` is not available in GLSL {} (needs {})",
                        self.version,
                        need.join(" or ")
                    ),
                );
                return false;
            }
            return true;
        }
        let need: Option<(&str, &[Ext])> = match b {
            BType::Scalar(s) | BType::Vector(s, _) | BType::Matrix(s, ..) => match s {
                Scalar::F16 => Some((
                    "16-bit floating-point types",
                    &[
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_float16,
                        Ext::AMD_gpu_shader_half_float,
                        Ext::EXT_shader_16bit_storage,
                        Ext::EXT_shader_subgroup_extended_types_float16,
                    ],
                )),
                Scalar::I64 | Scalar::U64 => Some((
                    "64-bit integer types",
                    &[
                        Ext::ARB_gpu_shader_int64,
                        Ext::AMD_gpu_shader_int64,
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_int64,
                        Ext::EXT_shader_subgroup_extended_types_int64,
                    ],
                )),
                Scalar::I16 | Scalar::U16 => Some((
                    "16-bit integer types",
                    &[
                        Ext::AMD_gpu_shader_int16,
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_int16,
                        Ext::EXT_shader_16bit_storage,
                        Ext::EXT_shader_subgroup_extended_types_int16,
                    ],
                )),
                Scalar::I8 | Scalar::U8 => Some((
                    "8-bit integer types",
                    &[
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_int8,
                        Ext::EXT_shader_8bit_storage,
                        Ext::EXT_shader_subgroup_extended_types_int8,
                    ],
                )),
                Scalar::BF16 => Some(("bfloat16 types", &[Ext::EXT_bfloat16])),
                Scalar::FE5M2 => Some(("floate5m2 types", &[Ext::EXT_float_e5m2])),
                Scalar::FE4M3 => Some(("floate4m3 types", &[Ext::EXT_float_e4m3])),
                // int32_t, float32_t, float64_t ... spelled explicitly.
                Scalar::I32 | Scalar::U32 => Some((
                    "explicit 32-bit integer type names",
                    &[
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_int32,
                    ],
                )),
                Scalar::F32 => Some((
                    "explicit 32-bit float type names",
                    &[
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_float32,
                    ],
                )),
                Scalar::F64 => Some((
                    "explicit 64-bit float type names",
                    &[
                        Ext::EXT_shader_explicit_arithmetic_types,
                        Ext::EXT_shader_explicit_arithmetic_types_float64,
                    ],
                )),
                Scalar::Bool => None,
            },
            BType::Opaque(o) => match (o.kind, o.sampled) {
                (_, Scalar::F16) => Some((
                    "16-bit float samplers",
                    &[Ext::AMD_gpu_shader_half_float_fetch],
                )),
                (OpaqueKind::Image, Scalar::I64 | Scalar::U64) => {
                    Some(("64-bit integer images", &[Ext::EXT_shader_image_int64]))
                }
                (OpaqueKind::Texture, _) | (OpaqueKind::Input, _) if !self.vulkan() => {
                    if o.dim == crate::builtin_types::Dim::TileAttachment {
                        Some(("tile image attachments", &[Ext::EXT_shader_tile_image]))
                    } else {
                        self.error(
                            "feature-unavailable",
                            span,
                            format!("type `{text}` exists only when targeting Vulkan"),
                        );
                        return false;
                    }
                }
                (_, _) if o.dim == crate::builtin_types::Dim::External => Some((
                    "samplerExternalOES",
                    &[
                        Ext::OES_EGL_image_external,
                        Ext::OES_EGL_image_external_essl3,
                    ],
                )),
                (_, _) if o.dim == crate::builtin_types::Dim::ExternalY2Y => {
                    Some(("__samplerExternal2DY2YEXT", &[Ext::EXT_YUV_target]))
                }
                (OpaqueKind::Texture, _) | (OpaqueKind::Input, _) => None,
                _ => {
                    // A sampler or image keyword name that is not a keyword in this version
                    // reached here as an identifier.
                    self.error(
                        "feature-unavailable",
                        span,
                        format!("type `{text}` is not available in GLSL {}", self.version),
                    );
                    return false;
                }
            },
            BType::SamplerState { .. } => {
                if !self.vulkan() {
                    self.error(
                        "feature-unavailable",
                        span,
                        format!("type `{text}` exists only when targeting Vulkan"),
                    );
                    return false;
                }
                None
            }
            BType::AccelerationStructure => Some((
                "acceleration structures",
                &[
                    Ext::EXT_ray_tracing,
                    Ext::NV_ray_tracing,
                    Ext::EXT_ray_query,
                ],
            )),
            BType::RayQuery => Some(("ray queries", &[Ext::EXT_ray_query])),
            BType::HitObjectNV => Some(("hit objects", &[Ext::NV_shader_invocation_reorder])),
            BType::HitObjectEXT => Some(("hit objects", &[Ext::EXT_shader_invocation_reorder])),
            // Never from `parse_type_name` (declared structures, checked where used).
            BType::Void | BType::AtomicUint | BType::Struct(_) => None,
        };
        match need {
            None => true,
            Some((what, exts)) => {
                if let Some(&e) = exts.iter().find(|&&e| self.exts.is_on(e)) {
                    self.warn_extension_use(e, span, what);
                    true
                } else {
                    let names: Vec<&str> = exts.iter().map(|e| e.name()).collect();
                    self.error(
                        "feature-unavailable",
                        span,
                        format!("type `{text}` ({what}) needs {}", names.join(" or ")),
                    );
                    false
                }
            }
        }
    }

    /// Evaluates an array dimension: a constant integer expression greater than zero.
    pub fn array_dim(&mut self, e: &ast::ExprId) -> Option<u32> {
        let saw_spec = std::mem::replace(&mut self.saw_spec_constant, false);
        let id = self.expr(*e);
        let spec = std::mem::replace(&mut self.saw_spec_constant, saw_spec);
        // Issue 5: the unfolded size, for `apply_array` (see `spec_array.rs`).
        self.spec_dims.dim = self.m.spec_unfolded(id);
        let span = self.espan(id);
        let ty = self.ety(id);
        if self.m.types.is_error(ty) {
            return None;
        }
        let Some(c) = self.const_value(id) else {
            self.error(
                "array-size-not-constant",
                span,
                "array size must be a constant integer expression",
            );
            return None;
        };
        if !matches!(self.m.types.get(ty), Type::Scalar(s) if s.is_int()) {
            self.error(
                "array-size-type",
                span,
                format!("array size must be an integer, found {}", self.ty_name(ty)),
            );
            return None;
        }
        match c.to_i64() {
            Some(n) if n > 0 && n <= u32::MAX as i64 => Some(n as u32),
            // A size computed from specialization constants is checked when the shader is
            // specialized; their default values may give any number here.
            Some(_) if spec => Some(1),
            Some(n) => {
                self.error(
                    "array-size",
                    span,
                    format!("array size must be greater than zero, found {n}"),
                );
                None
            }
            None => None,
        }
    }

    /// Applies array dimensions (outermost first) to an element type.
    pub fn apply_array(&mut self, elem: TypeId, spec: &ast::ArraySpec) -> TypeId {
        self.apply_array_dims(elem, spec, false)
    }

    /// [`Self::apply_array`]; `two_dims_ok`: two dimensions need no arrays-of-arrays support
    /// (GL_ARB_geometry_shader4's per-vertex geometry inputs, `varying in float x[][6]`).
    pub fn apply_array_dims(
        &mut self,
        mut elem: TypeId,
        spec: &ast::ArraySpec,
        two_dims_ok: bool,
    ) -> TypeId {
        let mut spec_dims: Vec<Option<crate::hir::ExprId>> = Vec::new();
        let dims: Vec<Option<u32>> = spec
            .dims
            .iter()
            .map(|d| match d {
                Some(e) => {
                    self.spec_dims.dim = None;
                    let n = self.array_dim(e).or(Some(1));
                    spec_dims.push(self.spec_dims.dim.take());
                    n
                }
                None => {
                    spec_dims.push(None);
                    None
                }
            })
            .collect();
        let elem0 = elem;
        let two_dims = dims.len() == 2 && !matches!(self.m.types.get(elem), Type::Array { .. });
        if (dims.len() > 1 || matches!(self.m.types.get(elem), Type::Array { .. }))
            && !(two_dims_ok && two_dims)
        {
            self.require(
                spec.span,
                "arrays of arrays",
                430,
                310,
                &[Ext::ARB_arrays_of_arrays],
            );
        }
        for d in dims.iter().rev() {
            let size = match d {
                Some(n) => ArraySize::Fixed(*n),
                None => ArraySize::Unsized,
            };
            elem = self.m.types.array(elem, size);
        }
        self.note_spec_dims(elem0, elem, spec_dims);
        elem
    }

    /// Reports an array of arrays whose inner dimensions lack a size ("only the outermost
    /// dimension of an array of arrays can be implicitly sized", without an initializer).
    /// `per_view`: a per-view mesh output (`perviewNV`), whose second dimension (the view)
    /// may be implicitly sized too.
    pub fn check_inner_sizes(&mut self, ty: TypeId, per_view: bool, span: Span) {
        if self.builtin_mode {
            return;
        }
        let Type::Array { elem, .. } = *self.m.types.get(ty) else {
            return;
        };
        let mut t = elem;
        let mut first_inner = true;
        while let Type::Array { elem, size } = *self.m.types.get(t) {
            let view_dim = first_inner && per_view;
            first_inner = false;
            if size == ArraySize::Unsized && !view_dim {
                self.error(
                    "inner-array-size",
                    span,
                    "only the outermost dimension of an array of arrays can be left without a size",
                );
                return;
            }
            t = elem;
        }
    }

    /// The constant value of an expression, if it is one.
    pub fn const_value(&self, e: ExprId) -> Option<ConstValue> {
        match &self.m.expr(e).kind {
            ExprKind::Const(c) => Some(c.clone()),
            _ => None,
        }
    }

    // ---- precision ----

    fn set_default_precisions(&mut self) {
        // ES: vertex has highp float and int; fragment has mediump int and no float default;
        // samplers 2D/Cube lowp. Desktop: everything is effectively highp.
        if !self.version.is_es() {
            return;
        }
        let frag = self.stage == Some(Stage::Fragment);
        if !frag {
            self.set_default_precision(DefaultPrecisionKey::Float, Precision::High);
            self.set_default_precision(DefaultPrecisionKey::Int, Precision::High);
        } else {
            self.set_default_precision(DefaultPrecisionKey::Int, Precision::Medium);
        }
        // Vulkan's separate textures `texture2D`/`textureCube` share the default of the
        // combined samplers they go with, as in glslang (its default-precision table does not
        // tell combined from separate); the types exist only when targeting Vulkan.
        for name in [
            "sampler2D",
            "samplerCube",
            "samplerExternalOES",
            "texture2D",
            "textureCube",
        ] {
            if let Some(b) = parse_type_name(name) {
                self.set_default_precision(DefaultPrecisionKey::Opaque(b), Precision::Low);
            }
        }
        if self.version.number >= 310 {
            for name in ["atomic_uint"] {
                if let Some(b) = parse_type_name(name) {
                    self.set_default_precision(DefaultPrecisionKey::Opaque(b), Precision::High);
                }
            }
        }
    }

    /// The precision key of a type (for default precision), if it takes precision.
    pub fn precision_key(&self, t: TypeId) -> Option<DefaultPrecisionKey> {
        let inner = self.m.types.innermost(t);
        match *self.m.types.get(inner) {
            Type::Scalar(s) | Type::Vector(s, _) | Type::Matrix { scalar: s, .. } => match s {
                Scalar::F32 => Some(DefaultPrecisionKey::Float),
                Scalar::I32 | Scalar::U32 => Some(DefaultPrecisionKey::Int),
                _ => None,
            },
            Type::Opaque(_) | Type::AtomicUint => self
                .m
                .types
                .to_btype(inner)
                .map(DefaultPrecisionKey::Opaque),
            _ => None,
        }
    }

    /// The default precision for a type in the current scope.
    pub fn default_precision_of(&self, t: TypeId) -> Option<Precision> {
        // Desktop shaders without `precision` statements have none (performance: no key).
        if self.default_precision.is_empty() {
            return None;
        }
        let key = self.precision_key(t)?;
        self.default_precision
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|&(_, p)| p)
    }

    /// In GLSL ES, a float (or sampler) declared without precision needs a default
    /// precision; reports when there is none.
    pub fn check_precision_available(
        &mut self,
        t: TypeId,
        explicit: Option<Precision>,
        span: Span,
    ) {
        if self.builtin_mode {
            return;
        }
        if explicit.is_some() {
            // "Literal constants do not have precision qualifiers. Neither do Boolean
            // variables." Nor structures: their members carry precisions.
            let inner = self.m.types.innermost(t);
            let bad = match self.m.types.get(inner) {
                Type::Scalar(Scalar::Bool) | Type::Vector(Scalar::Bool, _) => Some("booleans"),
                Type::Struct(_) => Some("structures"),
                Type::Void => Some("`void`"),
                _ => None,
            };
            if let Some(what) = bad {
                self.error(
                    "precision-type",
                    span,
                    format!(
                        "precision qualifiers do not apply to {what} (`{}`)",
                        self.ty_name(t)
                    ),
                );
            }
            // GLSL ES: "It is an error to declare an atomic type with a different
            // precision" than `highp`.
            if self.is_es()
                && explicit != Some(Precision::High)
                && matches!(self.m.types.get(inner), Type::AtomicUint)
            {
                self.error(
                    "precision-type",
                    span,
                    "GLSL ES atomic counters can only be `highp`",
                );
            }
            return;
        }
        if !self.is_es() {
            return;
        }
        let Some(key) = self.precision_key(t) else {
            return;
        };
        if self.default_precision_of(t).is_some() {
            return;
        }
        match key {
            DefaultPrecisionKey::Float => self.error(
                "no-precision",
                span,
                format!(
                    "no precision for `{}`: GLSL ES fragment shaders have no default float precision (add `precision mediump float;` or a precision qualifier)",
                    self.ty_name(t)
                ),
            ),
            DefaultPrecisionKey::Opaque(_) => self.error(
                "no-precision",
                span,
                format!("no default precision for `{}` in GLSL ES", self.ty_name(t)),
            ),
            DefaultPrecisionKey::Int => {}
        }
    }

    // ---- end of shader ----

    /// `#pragma optimize` and `#pragma debug` "can only be used outside function definitions".
    fn pragmas_outside_functions(&mut self, pp: &PpOutput) {
        for e in &pp.events {
            let PpEventKind::Pragma(p @ (Pragma::Optimize(_) | Pragma::Debug(_))) = &e.kind else {
                continue;
            };
            let inside = self.tu.decls.iter().any(|d| match d {
                ast::ExternalDecl::Function(f) => {
                    let b = self.tu.stmt(f.body).span;
                    b.file == e.span.file && b.start <= e.span.start && e.span.start < b.end
                }
                _ => false,
            });
            if inside {
                let which = if matches!(p, Pragma::Optimize(_)) {
                    "optimize"
                } else {
                    "debug"
                };
                self.error(
                    "pragma-placement",
                    e.span,
                    format!("`#pragma {which}` can be used only outside function definitions"),
                );
            }
        }
    }

    fn finish(&mut self) {
        // Functions declared, called, but never defined are a link error, reported then.
        self.check_recursion();
        self.check_writeonly_reads();
        self.finish_layout();
        self.finish_interface();
    }

    /// The built-in availability context.
    /// Whether the built-in signature is available here ([`builtins::Availability::allows`]
    /// in [`Checker::builtin_context`]), remembered per availability entry.
    pub fn builtin_allowed(&mut self, sig: &builtins::Signature) -> bool {
        if self.relaxed_atomic_counter_builtin(sig.name) {
            let cx = builtins::Context {
                vulkan: false,
                ..self.builtin_context()
            };
            return sig.availability().allows(&cx);
        }
        let k = sig.avail as usize;
        match self.avail_cache.get(k) {
            Some(1) => false,
            Some(2) => true,
            _ => {
                let r = sig.availability().allows(&self.builtin_context());
                if let Some(c) = self.avail_cache.get_mut(k) {
                    *c = 1 + u8::from(r);
                }
                r
            }
        }
    }

    /// glslang's relaxed Vulkan rules keep atomic counters (the linker turns them into
    /// buffer members): their built-in functions are judged as for OpenGL.
    pub fn relaxed_atomic_counter_builtin(&self, name: &str) -> bool {
        self.opts.relaxed_vulkan
            && self.vulkan()
            && (name.starts_with("atomicCounter") || name == "memoryBarrierAtomicCounter")
    }

    pub fn builtin_context(&self) -> builtins::Context<'_> {
        builtins::Context {
            version: self.version,
            stage: self.stage,
            vulkan: self.vulkan(),
            exts: &self.exts,
        }
    }
}

/// Which built-ins with rules checked at the end of the shader were called, recorded as the
/// calls are added (performance: the end-of-shader rules skip their walk over every
/// expression when no expression calls one).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BuiltinCalls {
    /// A built-in that may be called only in some places (`interface::placement_restricted`).
    pub(crate) placement: bool,
    /// An `interpolateAt*()` built-in.
    pub(crate) interpolant: bool,
}

impl BuiltinCalls {
    fn note(&mut self, name: &str) {
        self.placement |= interface::placement_restricted(name);
        self.interpolant |= name.starts_with("interpolateAt");
    }
}

/// An id of one of the module's arenas, a dense index (for [`IdSet`]).
pub(crate) trait DenseId: Copy {
    fn index(self) -> usize;
}

impl DenseId for ExprId {
    fn index(self) -> usize {
        ExprId::index(self)
    }
}

impl DenseId for VarId {
    fn index(self) -> usize {
        VarId::index(self)
    }
}

/// A set of arena ids as a bit vector (performance: the checker records every variable use and
/// every part of every write target; a bit per id, no hashing and no rehashing as it grows).
/// Membership only: it is never iterated.
#[derive(Clone, Debug)]
pub(crate) struct IdSet<I> {
    words: Vec<u64>,
    _id: std::marker::PhantomData<I>,
}

impl<I> Default for IdSet<I> {
    fn default() -> Self {
        IdSet {
            words: Vec::new(),
            _id: std::marker::PhantomData,
        }
    }
}

impl<I: DenseId> IdSet<I> {
    /// Adds `id`; whether it was absent.
    pub(crate) fn insert(&mut self, id: I) -> bool {
        let (w, bit) = (id.index() / 64, 1u64 << (id.index() % 64));
        if w >= self.words.len() {
            // Doubling (amortized); the set covers the ids inserted so far.
            let n = (w + 1).max(self.words.len() * 2);
            self.words.resize(n, 0);
        }
        let absent = self.words[w] & bit == 0;
        self.words[w] |= bit;
        absent
    }

    pub(crate) fn contains(&self, id: I) -> bool {
        let (w, bit) = (id.index() / 64, 1u64 << (id.index() % 64));
        self.words.get(w).is_some_and(|x| x & bit != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_calls_noted() {
        let mut c = BuiltinCalls::default();
        assert!(!c.placement && !c.interpolant);
        c.note("texture");
        c.note("subgroupAdd");
        assert!(!c.placement && !c.interpolant);
        c.note("interpolateAtSample");
        assert!(!c.placement && c.interpolant);
        c.note("barrier");
        assert!(c.placement && c.interpolant);
        let mut d = BuiltinCalls::default();
        d.note("EmitStreamVertex");
        d.note("min");
        assert!(d.placement && !d.interpolant);
    }

    #[test]
    fn id_set_membership() {
        let mut s: IdSet<ExprId> = IdSet::default();
        assert!(!s.contains(ExprId(0)));
        assert!(!s.contains(ExprId(1000)));
        assert!(s.insert(ExprId(3)));
        assert!(!s.insert(ExprId(3)));
        assert!(s.insert(ExprId(64)));
        assert!(s.insert(ExprId(1000)));
        assert!(s.insert(ExprId(0)));
        for i in 0..1100 {
            assert_eq!(s.contains(ExprId(i)), matches!(i, 0 | 3 | 64 | 1000), "{i}");
        }
        let mut v: IdSet<VarId> = IdSet::default();
        assert!(v.insert(VarId(63)));
        assert!(v.contains(VarId(63)) && !v.contains(VarId(62)) && !v.contains(VarId(64)));
    }
}
