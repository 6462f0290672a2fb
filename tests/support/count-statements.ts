import {
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The table a statement reads or writes (its first one). */
export function tableOf(node: RootOperationNode): string | undefined {
  const name = (n: OperationNode | undefined) =>
    n && TableNode.is(n) ? n.table.identifier.name : undefined;
  switch (node.kind) {
    case 'SelectQueryNode':
      return name(node.from?.froms[0]);
    case 'InsertQueryNode':
      return name(node.into);
    case 'UpdateQueryNode':
      return name(node.table);
    case 'DeleteQueryNode':
      return name(node.from.froms[0]);
    default:
      return undefined;
  }
}

/** Counts every statement sent through it, by table (`db.withPlugin(counter)`). */
export class CountingPlugin implements KyselyPlugin {
  readonly tables: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.tables.push(tableOf(args.node) ?? args.node.kind);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
  /** Statements on these tables. */
  on(...tables: string[]) {
    return this.tables.filter((t) => tables.includes(t)).length;
  }
  get review() {
    return this.on('review_cards', 'review_logs');
  }
}
