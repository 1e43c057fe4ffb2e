//! Statements and the control-flow rules: conditions are `bool`, `break`/`continue`/`case`
//! stand where they may, `return` matches the function, `discard` is for fragment shaders.

use rustc_hash::FxHashSet;

use fresnel_syntax::ast::{self, Condition, StmtKind as S};
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::source::Span;
use fresnel_syntax::version::Stage;

use super::decl::QualCtx;
use super::{Binding, Checker};
use crate::constant::ConstValue;
use crate::hir::*;
use crate::types::{ids, Type};

impl Checker<'_> {
    /// A function body: its braces share the parameters' scope.
    pub(crate) fn function_body(&mut self, body: ast::StmtId) -> StmtId {
        let st = self.ast().stmt(body);
        let span = st.span;
        match &st.kind {
            S::Compound(items) => {
                let items: Vec<StmtId> = items.iter().map(|s| self.stmt(*s)).collect();
                self.add_stmt(StmtKind::Block(items), span)
            }
            _ => self.stmt(body),
        }
    }

    /// A loop body: in GLSL it does not open a scope of its own.
    fn loop_body(&mut self, body: ast::StmtId) -> StmtId {
        self.loop_depth += 1;
        let r = self.function_body(body);
        self.loop_depth -= 1;
        r
    }

    fn condition_expr(&mut self, e: ExprId, what: &str) {
        let t = self.ety(e);
        if t != ids::BOOL && !self.m.types.is_error(t) {
            let s = self.espan(e);
            self.error(
                "condition-type",
                s,
                format!(
                    "the condition of `{what}` must be a `bool`, found `{}`",
                    self.ty_name(t)
                ),
            );
        }
    }

    /// `[[unroll]]`, `[[dependency_length(4)]]`, ...: GL_EXT_control_flow_attributes (and
    /// GL_EXT_control_flow_attributes2 for the iteration hints). Other names are vendor
    /// attributes, ignored with a warning when unknown.
    pub(crate) fn stmt_attributes(&mut self, attrs: &[ast::Attribute]) {
        for a in attrs {
            let name = self.name(a.name).to_string();
            let takes_value = matches!(
                name.as_str(),
                "dependency_length"
                    | "min_iterations"
                    | "max_iterations"
                    | "iteration_multiple"
                    | "peel_count"
                    | "partial_count"
            );
            let known = takes_value
                || matches!(
                    name.as_str(),
                    "unroll"
                        | "dont_unroll"
                        | "loop"
                        | "dependency_infinite"
                        | "flatten"
                        | "dont_flatten"
                        | "branch"
                );
            if !known {
                if !name.ends_with("QCOM") && !name.ends_with("EXT") && !name.ends_with("NV") {
                    self.warning(
                        "unknown-attribute",
                        a.span,
                        format!("unknown attribute `{name}` is ignored"),
                    );
                }
                continue;
            }
            let exts = [
                Ext::EXT_control_flow_attributes,
                Ext::EXT_control_flow_attributes2,
            ];
            if !self.require(a.span, "control-flow attributes", 0, 0, &exts) {
                return;
            }
            let args: Vec<ExprId> = a.args.iter().map(|e| self.expr(*e)).collect();
            if takes_value {
                let ok = args.len() == 1
                    && self
                        .const_value(args[0])
                        .and_then(|c| c.to_i64())
                        .is_some_and(|v| v >= 0);
                if !ok {
                    self.warning(
                        "attribute-argument",
                        a.span,
                        format!("`[[{name}(N)]]` needs one non-negative constant integer argument; ignored"),
                    );
                }
            }
        }
    }

    pub(crate) fn stmt(&mut self, id: ast::StmtId) -> StmtId {
        let st = self.ast().stmt(id);
        let span = st.span;
        // Statements nested in this one are not directly in a `switch` body.
        let label_position = std::mem::replace(&mut self.label_position, false);
        if !st.attrs.is_empty() && !self.builtin_mode {
            let attrs = st.attrs.clone();
            self.stmt_attributes(&attrs);
        }
        let st = self.ast().stmt(id);
        let kind = match &st.kind {
            S::Decl(d) => {
                let vars = self.declaration(self.ast().local_decl(*d), false);
                StmtKind::Decl(vars)
            }
            S::Expr(e) => StmtKind::Expr(self.expr(*e)),
            S::Empty => StmtKind::Empty,
            S::Compound(items) => {
                self.push_scope();
                let items: Vec<StmtId> = items.iter().map(|s| self.stmt(*s)).collect();
                self.pop_scope();
                StmtKind::Block(items)
            }
            S::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let c = self.expr(*cond);
                self.condition_expr(c, "if");
                let t = self.scoped_stmt(*then_branch);
                let e = else_branch.map(|e| self.scoped_stmt(e));
                StmtKind::If {
                    cond: c,
                    then_branch: t,
                    else_branch: e,
                }
            }
            S::Switch { selector, body } => self.switch(*selector, body, span),
            S::Case(e) => {
                let v = self.expr(*e);
                if self.switch_depth == 0 {
                    self.error("case-outside-switch", span, "`case` outside a `switch`");
                } else if !label_position {
                    self.error(
                        "case-nested",
                        span,
                        "`case` labels must be directly in the `switch` body, not inside another statement",
                    );
                }
                match self.const_value(v) {
                    Some(c) if c.to_i64().is_some() => StmtKind::Case(c),
                    _ => {
                        let t = self.ety(v);
                        if !self.m.types.is_error(t) {
                            let s = self.espan(v);
                            self.error(
                                "case-label",
                                s,
                                "a case label must be a constant integer expression",
                            );
                        }
                        StmtKind::Case(ConstValue::I32(0))
                    }
                }
            }
            S::Default => {
                if self.switch_depth == 0 {
                    self.error("case-outside-switch", span, "`default` outside a `switch`");
                } else if !label_position {
                    self.error(
                        "case-nested",
                        span,
                        "`default` must be directly in the `switch` body, not inside another statement",
                    );
                }
                StmtKind::Default
            }
            S::While { cond, body } => {
                self.push_scope();
                let (cond_var, c) = self.condition(cond, "while");
                let b = self.loop_body(*body);
                self.pop_scope();
                StmtKind::While {
                    cond_var,
                    cond: c,
                    body: b,
                }
            }
            S::DoWhile { body, cond } => {
                self.loop_depth += 1;
                let b = self.scoped_stmt(*body);
                self.loop_depth -= 1;
                let c = self.expr(*cond);
                self.condition_expr(c, "do-while");
                StmtKind::DoWhile { body: b, cond: c }
            }
            S::For {
                init,
                cond,
                step,
                body,
            } => {
                self.push_scope();
                let i = init.map(|s| self.stmt(s));
                let (cond_var, c) = match cond {
                    Some(c) => {
                        let (v, e) = self.condition(c, "for");
                        (v, Some(e))
                    }
                    None => (None, None),
                };
                let s = step.map(|e| self.expr(e));
                let b = self.loop_body(*body);
                self.pop_scope();
                StmtKind::For {
                    init: i,
                    cond_var,
                    cond: c,
                    step: s,
                    body: b,
                }
            }
            S::Break => {
                if self.loop_depth == 0 && self.switch_depth == 0 {
                    self.error("break-outside", span, "`break` outside a loop or `switch`");
                }
                StmtKind::Break
            }
            S::Continue => {
                if self.loop_depth == 0 {
                    self.error("continue-outside", span, "`continue` outside a loop");
                }
                StmtKind::Continue
            }
            S::Discard => {
                if self.stage.is_some_and(|s| s != Stage::Fragment) {
                    self.error(
                        "discard-stage",
                        span,
                        "`discard` is allowed only in fragment shaders",
                    );
                }
                StmtKind::Discard
            }
            S::Return(v) => self.return_stmt(v.as_ref(), span),
            S::Demote => {
                if self.stage.is_some_and(|s| s != Stage::Fragment) {
                    self.error(
                        "demote-stage",
                        span,
                        "`demote` is allowed only in fragment shaders",
                    );
                }
                StmtKind::Demote
            }
            S::TerminateInvocation => {
                if self.stage.is_some_and(|s| s != Stage::Fragment) {
                    self.error(
                        "terminate-stage",
                        span,
                        "`terminateInvocation` is allowed only in fragment shaders",
                    );
                }
                StmtKind::TerminateInvocation
            }
            S::IgnoreIntersection => {
                if self.stage.is_some_and(|s| s != Stage::AnyHit) {
                    self.error(
                        "ray-stage",
                        span,
                        "`ignoreIntersectionEXT` is allowed only in any-hit shaders",
                    );
                }
                StmtKind::IgnoreIntersection
            }
            S::TerminateRay => {
                if self.stage.is_some_and(|s| s != Stage::AnyHit) {
                    self.error(
                        "ray-stage",
                        span,
                        "`terminateRayEXT` is allowed only in any-hit shaders",
                    );
                }
                StmtKind::TerminateRay
            }
            S::Error => StmtKind::Empty,
        };
        self.add_stmt(kind, span)
    }

    /// A sub-statement (of `if` or `do`) that gets its own scope.
    fn scoped_stmt(&mut self, s: ast::StmtId) -> StmtId {
        self.push_scope();
        let r = self.stmt(s);
        self.pop_scope();
        r
    }

    fn condition(&mut self, c: &Condition, what: &str) -> (Option<VarId>, ExprId) {
        match c {
            Condition::Expr(e) => {
                let x = self.expr(*e);
                self.condition_expr(x, what);
                (None, x)
            }
            Condition::Decl(d) => {
                let ast::CondDecl {
                    ty,
                    qualifiers,
                    name,
                    name_span,
                    init,
                    span,
                } = self.ast().cond_decl(*d);
                let q = self.qualifiers(qualifiers, QualCtx::Local);
                let t = self.resolve_type(ty);
                let e = self.expr(*init);
                let e = self.coerce(e, t, "the initializer of the condition variable");
                if t != ids::BOOL && !self.m.types.is_error(t) {
                    self.error(
                        "condition-type",
                        *span,
                        format!(
                            "the condition of `{what}` must be a `bool`, found `{}`",
                            self.ty_name(t)
                        ),
                    );
                }
                self.check_user_name(*name, *name_span);
                let v = self.add_var(Var {
                    name: *name,
                    ty: t,
                    storage: Storage::Local,
                    quals: q.quals,
                    span: *name_span,
                    init: Some(e),
                    constant: None,
                    builtin: false,
                    block_member: None,
                });
                self.bind(*name, Binding::Var(v), *name_span);
                let r = self.add_expr(ExprKind::Var(v), t, *name_span);
                (Some(v), r)
            }
        }
    }

    fn switch(&mut self, selector: ast::ExprId, body: &[ast::StmtId], span: Span) -> StmtKind {
        self.require(span, "`switch`", 130, 300, &[]);
        let sel = self.expr(selector);
        let st = self.ety(sel);
        let sel_scalar = match self.m.types.get(st) {
            Type::Scalar(s) if s.is_int() => Some(*s),
            Type::Error => None,
            _ => {
                let s = self.espan(sel);
                self.error(
                    "switch-type",
                    s,
                    format!(
                        "a `switch` selector must be an integer scalar, found `{}`",
                        self.ty_name(st)
                    ),
                );
                None
            }
        };
        self.push_scope();
        self.switch_depth += 1;
        let saved_loop = self.loop_depth;
        let items: Vec<StmtId> = body
            .iter()
            .map(|s| {
                self.label_position = true;
                self.stmt(*s)
            })
            .collect();
        self.loop_depth = saved_loop;
        self.switch_depth -= 1;
        self.pop_scope();
        // Labels: unique, matching the selector type, and no statement before the first.
        let mut seen: FxHashSet<i64> = FxHashSet::default();
        let mut default_seen = false;
        for (i, s) in items.iter().enumerate() {
            let stmt_span = self.m.stmt(*s).span;
            match self.m.stmt(*s).kind.clone() {
                StmtKind::Case(c) => {
                    let v = c.to_i64().unwrap_or(0);
                    if !seen.insert(v) {
                        self.error(
                            "duplicate-case",
                            stmt_span,
                            format!("duplicate case label {v}"),
                        );
                    }
                    if let (Some(sel), Some(ct)) = (sel_scalar, c.scalar_type()) {
                        if sel != ct
                            && self.implicit_conversion(ct, sel).is_none()
                            && self.implicit_conversion(sel, ct).is_none()
                        {
                            self.error(
                                "case-type",
                                stmt_span,
                                format!(
                                    "case label of type `{}` does not match the selector type `{}`",
                                    ct.name(),
                                    sel.name()
                                ),
                            );
                        }
                    }
                }
                StmtKind::Default => {
                    if default_seen {
                        self.error("duplicate-case", stmt_span, "more than one `default` label");
                    }
                    default_seen = true;
                }
                StmtKind::Empty => {}
                _ => {
                    if i == 0 {
                        self.error(
                            "switch-statement",
                            stmt_span,
                            "statements in a `switch` body must follow a `case` or `default` label",
                        );
                    }
                }
            }
        }
        if let Some(last) = items.last() {
            if matches!(
                self.m.stmt(*last).kind,
                StmtKind::Case(_) | StmtKind::Default
            ) {
                // "It is an error to have no statement between a label and the end of the
                // switch statement." GLSL 4.40/4.50 and GLSL ES 3.10 dropped the sentence
                // (what counts as a statement was ill-defined); 4.60 and ES 3.20 restored it.
                let n = self.version.number;
                let relaxed = if self.is_es() {
                    n == 310
                } else {
                    n == 440 || n == 450
                };
                let s = self.m.stmt(*last).span;
                let msg = "the last label in a `switch` must be followed by a statement";
                if relaxed {
                    self.warning("switch-label-at-end", s, msg);
                } else {
                    self.error("switch-label-at-end", s, msg);
                }
            }
        }
        StmtKind::Switch {
            selector: sel,
            body: items,
        }
    }

    fn return_stmt(&mut self, v: Option<&ast::ExprId>, span: Span) -> StmtKind {
        let Some(f) = &self.func else {
            self.error("return-outside", span, "`return` outside a function");
            return StmtKind::Return(None);
        };
        let ret = f.ret;
        let is_main = f.is_main;
        match v {
            None => {
                if ret != ids::VOID && !self.m.types.is_error(ret) {
                    // Reported here; the function-level "no return with a value" would repeat it.
                    if let Some(f) = self.func.as_mut() {
                        f.returns_value = true;
                    }
                    self.error(
                        "return-value",
                        span,
                        format!(
                            "this function returns `{}`; `return` needs a value",
                            self.ty_name(ret)
                        ),
                    );
                }
                StmtKind::Return(None)
            }
            Some(e) => {
                if let Some(f) = self.func.as_mut() {
                    f.returns_value = true;
                }
                let x = self.expr(*e);
                let xt = self.ety(x);
                if ret == ids::VOID {
                    if !self.m.types.is_error(xt) {
                        self.error(
                            "return-value",
                            span,
                            if is_main {
                                "`main` returns `void`; `return` cannot have a value".to_string()
                            } else {
                                "this function returns `void`; `return` cannot have a value"
                                    .to_string()
                            },
                        );
                    }
                    return StmtKind::Return(Some(x));
                }
                // Implicit conversions apply to returned values only from GLSL 4.20
                // ("the conversions ... are done only as indicated by other sections").
                if xt != ret
                    && !self.m.types.is_error(xt)
                    && !self.m.types.is_error(ret)
                    && !self.at_least(420, 0)
                    && !self.ext_on(Ext::ARB_shading_language_420pack)
                    && self.conversion_rank(xt, ret).is_some()
                {
                    let s = self.espan(x);
                    self.error(
                        "return-type",
                        s,
                        format!(
                            "the function returns `{}`, but the value is `{}` (returned values are converted only from GLSL 4.20)",
                            self.ty_name(ret),
                            self.ty_name(xt)
                        ),
                    );
                    return StmtKind::Return(Some(x));
                }
                let x = self.coerce(x, ret, "the returned value has the wrong type");
                StmtKind::Return(Some(x))
            }
        }
    }
}

impl Checker<'_> {
    /// "Recursion is not allowed, not even statically": reports each cycle of the call graph
    /// once, at a call that closes it (direct self-calls are reported where they are made).
    pub(crate) fn check_recursion(&mut self) {
        // Without calls there is no cycle (performance: nothing to allocate).
        if self.builtin_mode || self.calls.is_empty() {
            return;
        }
        let n = self.m.functions.len();
        let mut edges: Vec<Vec<(usize, Span)>> = vec![Vec::new(); n];
        for &(from, to, span) in &self.calls {
            if from != to {
                edges[from.index()].push((to.index(), span));
            }
        }
        // Iterative depth-first search; a back edge closes a cycle.
        let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
        let mut reported = vec![false; n];
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            state[root] = 1;
            while let Some(&mut (f, ref mut next)) = stack.last_mut() {
                if let Some(&(g, span)) = edges[f].get(*next) {
                    *next += 1;
                    match state[g] {
                        0 => {
                            state[g] = 1;
                            stack.push((g, 0));
                        }
                        1 if !reported[g] => {
                            reported[g] = true;
                            let (caller, callee) =
                                (self.m.functions[f].name, self.m.functions[g].name);
                            let cspan = self.m.functions[g].span;
                            self.diags.push(
                                fresnel_syntax::diag::Diagnostic::error(
                                    "recursion",
                                    span,
                                    format!(
                                        "`{}` calls `{}`, which leads back to `{}`: GLSL does not allow recursion",
                                        self.name(caller),
                                        self.name(callee),
                                        self.name(caller)
                                    ),
                                )
                                .with_secondary(cspan, "the function called"),
                            );
                        }
                        _ => {}
                    }
                } else {
                    state[f] = 2;
                    stack.pop();
                }
            }
        }
    }
}

impl Checker<'_> {
    /// `writeonly` variables and members may not be read: every use that is not the target
    /// of a plain assignment (compound assignments read too) is reported.
    pub(crate) fn check_writeonly_reads(&mut self) {
        if self.builtin_mode {
            return;
        }
        // Nothing is reported unless a variable or a member is `writeonly` (performance: no
        // walk over every expression of the usual shader).
        if !self.m.vars.iter().any(|v| v.quals.memory.writeonly)
            && !self
                .m
                .types
                .struct_defs()
                .any(|d| d.members.iter().any(|m| m.memory.writeonly))
        {
            return;
        }
        // `.length()` does not read memory.
        let mut length_bases = rustc_hash::FxHashSet::default();
        for e in &self.m.exprs {
            if let ExprKind::ArrayLength(b) = e.kind {
                let mut cur = b;
                loop {
                    length_bases.insert(cur);
                    match &self.m.expr(cur).kind {
                        ExprKind::Index(x, _) | ExprKind::Member(x, _) => cur = *x,
                        _ => break,
                    }
                }
            }
        }
        let mut reads = Vec::new();
        for (i, e) in self.m.exprs.iter().enumerate() {
            let id = ExprId(i as u32);
            let writeonly = match &e.kind {
                ExprKind::Var(v) => {
                    self.m.var(*v).quals.memory.writeonly
                        && !matches!(
                            self.m.types.get(self.m.types.innermost(self.m.var(*v).ty)),
                            crate::types::Type::Opaque(_)
                        )
                }
                ExprKind::Member(b, k) => match self.m.types.get(self.m.expr(*b).ty) {
                    crate::types::Type::Struct(sid) => self
                        .m
                        .types
                        .struct_def(*sid)
                        .members
                        .get(*k as usize)
                        .is_some_and(|m| {
                            m.memory.writeonly
                                && !matches!(
                                    self.m.types.get(self.m.types.innermost(m.ty)),
                                    crate::types::Type::Opaque(_)
                                )
                        }),
                    _ => false,
                },
                _ => false,
            };
            if writeonly && !self.write_targets.contains(id) && !length_bases.contains(&id) {
                reads.push(e.span);
            }
        }
        // A member access reads its base too; report each place once.
        reads.sort_by_key(|s| (s.file, s.start));
        reads.dedup_by_key(|s| (s.file, s.start));
        for span in reads {
            self.error(
                "writeonly-read",
                span,
                "a `writeonly` variable cannot be read",
            );
        }
    }
}
